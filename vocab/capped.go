package vocab

// CappedWriter keeps the first Max bytes written to it and drops the
// rest, calling Full once when it first drops. Every reader of another
// program's output (a claude's --version, --help and answer, a chained
// status line) keeps what it prints through one.
//
// It has no ReadFrom, on purpose: io.Copy, and with it os/exec's copy of a
// child's output, reads through a writer's ReadFrom when it has one, so a
// type embedding bytes.Buffer (whose ReadFrom is promoted) grows without
// bound whatever its Write does (cmd's TestNoBufferEmbeddingWriter).
type CappedWriter struct {
	Max  int
	Full func()

	buf     []byte
	dropped bool
}

// Write keeps what fits and reports the whole of p written, so the
// program writing is never told to stop by an error.
func (w *CappedWriter) Write(p []byte) (int, error) {
	room := w.Max - len(w.buf)
	if room >= len(p) {
		w.buf = append(w.buf, p...)
		return len(p), nil
	}
	w.buf = append(w.buf, p[:max(0, room)]...)
	if !w.dropped {
		w.dropped = true
		if w.Full != nil {
			w.Full()
		}
	}
	return len(p), nil
}

// Bytes is what was kept.
func (w *CappedWriter) Bytes() []byte { return w.buf }

// Dropped says whether anything was dropped.
func (w *CappedWriter) Dropped() bool { return w.dropped }
