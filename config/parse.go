package config

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/coworktop/coworktop/vocab"
)

// Error is a problem with the file, at a line when one is known.
type Error struct {
	Line int    // 1-based; 0 when the problem has no one line
	Key  string // dotted key ("panes.order"), "" for a syntax error
	Msg  string
}

// Error is the problem in words, safe to print: a key or value of the file
// is quoted where it is named, and whatever the file holds, no control,
// bidi or zero-width character of it reaches the terminal ('?' instead).
func (e *Error) Error() string {
	msg := vocab.SanitizeStringWith(e.Msg, vocab.PathText)
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, msg)
	}
	return msg
}

// MaxFileSize is the most a config file may hold: a config of every key
// with comments is under 4 KiB.
const MaxFileSize = 1 << 20

// Parse reads a config file over the defaults, strictly: what the file
// does not set keeps its default, and a pane it does not list takes its
// default place (Panes.Filled). An unknown key or pane, a value of the
// wrong type and a value out of range are each an *Error naming the key
// and its line: the first one found. Load is the reading the commands use.
func Parse(data []byte) (Config, error) {
	if len(data) > MaxFileSize {
		return Default(), sizeError(len(data))
	}
	if err := checkKeys(data); err != nil {
		return Default(), err
	}
	c := Default()
	dec := toml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&c); err != nil {
		return Default(), decodeError(err)
	}
	if err := c.Validate(); err != nil {
		return Default(), withLine(err, data)
	}
	c.Panes = c.Panes.Filled()
	return c, nil
}

// sizeError is the error of a file over MaxFileSize.
func sizeError(n int) *Error {
	return &Error{Msg: fmt.Sprintf("%d bytes, over the %d KiB a config file may hold", n, MaxFileSize>>10)}
}

// withLine adds the line of a Validate error's key.
func withLine(err error, data []byte) error {
	var ke *Error
	if errors.As(err, &ke) {
		ke.Line = keyLine(data, ke.Key)
		return ke
	}
	return err
}

// decodeError turns go-toml's errors (syntax, and what checkKeys leaves to
// it) into an *Error. A message that would name Go's own types (a struct
// field, "of type bool") is replaced by the key's expected value in words.
func decodeError(err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		key := strings.Join(de.Key(), ".")
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if strings.Contains(msg, "struct field") || strings.Contains(msg, "of type") {
			msg = "a value of the wrong kind"
			if s, ok := schema()[key]; ok && s.want != "" {
				msg = "want " + s.want
			}
		}
		if key != "" {
			msg = key + ": " + msg
		}
		return &Error{Line: line, Key: key, Msg: msg}
	}
	return fmt.Errorf("config: %w", err)
}

// keyLine finds the line of a dotted key (or of its table) in data; 0 when
// the file does not hold it (the problem is then in a default).
func keyLine(data []byte, key string) int {
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			table = keyParts(e)
			if strings.Join(table, ".") == key {
				return line(&p, e)
			}
		case unstable.KeyValue:
			if strings.Join(append(slices.Clone(table), keyParts(e)...), ".") == key {
				return line(&p, e)
			}
		}
	}
	return 0
}

func keyParts(n *unstable.Node) []string {
	var parts []string
	it := n.Key()
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return parts
}

func line(p *unstable.Parser, n *unstable.Node) int {
	it := n.Key()
	if !it.Next() {
		return 0
	}
	return p.Shape(it.Node().Raw).Start.Line // Raw: Data is a copy when the key holds an escape
}

// Encode writes c as TOML, every key present: what `config show` prints
// and what `S` saves.
func Encode(c Config) ([]byte, error) {
	var buf bytes.Buffer
	enc := toml.NewEncoder(&buf)
	enc.SetIndentTables(false)
	if err := enc.Encode(c); err != nil {
		return nil, fmt.Errorf("config: encode: %w", err)
	}
	return buf.Bytes(), nil
}
