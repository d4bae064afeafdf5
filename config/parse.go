package config

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Error is a problem with the file, at a line when one is known.
type Error struct {
	Line int    // 1-based; 0 when the problem has no one line
	Key  string // dotted key ("panes.order"), "" for a syntax error
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Parse reads a config file over the defaults: what the file does not set
// keeps its default. An unknown key, a value of the wrong type and a value
// out of range are each an *Error naming the key and its line.
func Parse(data []byte) (Config, error) {
	c := Default()
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Default(), decodeError(err)
	}
	if err := c.Validate(); err != nil {
		var ke *Error
		if errors.As(err, &ke) {
			ke.Line = keyLine(data, ke.Key)
			return Default(), ke
		}
		return Default(), err
	}
	return c, nil
}

// decodeError turns go-toml's errors into an *Error; several unknown keys
// are reported by the first, as a compiler reports its first error.
func decodeError(err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		e := strict.Errors[0]
		line, _ := e.Position()
		key := strings.Join(e.Key(), ".")
		msg := fmt.Sprintf("unknown key %q", key)
		if n := len(strict.Errors); n > 1 {
			msg += fmt.Sprintf(" (and %d more)", n-1)
		}
		return &Error{Line: line, Key: key, Msg: msg}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		key := strings.Join(de.Key(), ".")
		msg := strings.TrimPrefix(de.Error(), "toml: ")
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
	return p.Shape(p.Range(it.Node().Data)).Start.Line
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
