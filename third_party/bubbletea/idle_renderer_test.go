package tea

import (
	"io"
	"sync/atomic"
	"testing"
	"time"
)

// The coworktop patch: an idle program's renderer sleeps instead of waking
// fps times a second, and a new view wakes it again.

type countingRenderer struct {
	nilRenderer
	flushes atomic.Int64
}

func (r *countingRenderer) flush(bool) error {
	r.flushes.Add(1)
	return nil
}

type bumpMsg struct{}

type staticModel struct{ n int }

func (m *staticModel) Init() Cmd { return nil }

func (m *staticModel) Update(msg Msg) (Model, Cmd) {
	if _, ok := msg.(bumpMsg); ok {
		m.n++
	}
	return m, nil
}

func (m *staticModel) View() View { return NewView("static") }

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestRendererSleepsWhileIdle(t *testing.T) {
	r := &countingRenderer{}
	p := NewProgram(&staticModel{}, WithInput(nil), WithOutput(io.Discard), WithFPS(100))
	p.renderer = r
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()

	waitFor(t, "the first frame", func() bool { return r.flushes.Load() > 0 })
	time.Sleep(50 * time.Millisecond) // let the start-up messages settle
	before := r.flushes.Load()
	time.Sleep(300 * time.Millisecond) // upstream's ticker flushes ~30 times here
	if idle := r.flushes.Load() - before; idle > 1 {
		t.Errorf("%d flushes in 300 ms of idle at 100 fps: the renderer did not sleep", idle)
	}

	woken := r.flushes.Load()
	p.Send(bumpMsg{})
	waitFor(t, "a frame after a new view", func() bool { return r.flushes.Load() > woken })

	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// After an idle stretch a new view is drawn at once, not a frame interval
// later (upstream's free-running ticker drew it within one).
func TestRendererDrawsAtOnceAfterIdle(t *testing.T) {
	r := &countingRenderer{}
	p := NewProgram(&staticModel{}, WithInput(nil), WithOutput(io.Discard), WithFPS(2))
	p.renderer = r
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()

	waitFor(t, "the first frame", func() bool { return r.flushes.Load() > 0 })
	// Past the idle tick (a frame after the first) and one more interval:
	// the renderer sleeps and no frame is due to wait for.
	time.Sleep(1300 * time.Millisecond)
	woken := r.flushes.Load()
	sent := time.Now()
	p.Send(bumpMsg{})
	waitFor(t, "a frame after a new view", func() bool { return r.flushes.Load() > woken })
	if took := time.Since(sent); took > 250*time.Millisecond {
		t.Errorf("a view after idle took %v to draw at 2 fps: it waited for a tick", took)
	}

	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// WithFirstFrameAtOnce draws the first frame at once; without it the first
// frame comes one interval after the start, as upstream's does.
func TestFirstFrameAtOnce(t *testing.T) {
	for _, atOnce := range []bool{true, false} {
		r := &countingRenderer{}
		opts := []ProgramOption{WithInput(nil), WithOutput(io.Discard), WithFPS(2)}
		if atOnce {
			opts = append(opts, WithFirstFrameAtOnce())
		}
		p := NewProgram(&staticModel{}, opts...)
		p.renderer = r
		done := make(chan error, 1)
		start := time.Now()
		go func() { _, err := p.Run(); done <- err }()
		waitFor(t, "the first frame", func() bool { return r.flushes.Load() > 0 })
		took := time.Since(start)
		if atOnce && took > 250*time.Millisecond {
			t.Errorf("with WithFirstFrameAtOnce the first frame took %v at 2 fps: it waited for a tick", took)
		}
		if atOnce { // a second view within the first interval is drawn at once too
			first := r.flushes.Load()
			sent := time.Now()
			p.Send(bumpMsg{})
			waitFor(t, "a second frame", func() bool { return r.flushes.Load() > first })
			if d := time.Since(sent); time.Since(start) < 500*time.Millisecond && d > 250*time.Millisecond {
				t.Errorf("a view in the first interval took %v to draw at 2 fps", d)
			}
		}
		if !atOnce && took < 400*time.Millisecond {
			t.Errorf("without it the first frame came after %v at 2 fps, before upstream's interval", took)
		}
		p.Quit()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
