package metrics

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/coworktop/coworktop/governor"
)

// The Prometheus text exposition format (version 0.0.4), written here
// rather than through client_golang: that module's package initialisers
// (its default registry's process and Go collectors, procfs, protobuf's
// descriptors) ran on every start of the program, the status line's too,
// and were a third of a bare start. The output is what client_golang's
// Gather and expfmt's text encoder wrote, byte for byte (the tests compare
// the two, and run real Prometheus and promtool against it): families
// sorted by name, a family's samples by their label values, each sample's
// labels by name, HELP and TYPE before each family.

// metricType is a family's TYPE.
type metricType uint8

const (
	typeGauge metricType = iota
	typeCounter
)

func (t metricType) String() string {
	if t == typeCounter {
		return "counter"
	}
	return "gauge"
}

// desc is one metric family: its full name, help text and label names.
type desc struct {
	name, help string
	labels     []string
}

// newDesc describes the family coworktop_<name>.
func newDesc(name, help string, labels ...string) *desc {
	return &desc{name: Namespace + "_" + name, help: help, labels: labels}
}

// sample is one series' value at the scrape.
type sample struct {
	d      *desc
	typ    metricType
	value  float64
	values []string // label values, in d.labels' order
}

// family is a desc's samples, sorted, ready to write.
type family struct {
	d       *desc
	typ     metricType
	samples []sample
}

// gather takes one snapshot's samples and groups them into families as
// client_golang's Gather did: the families that have samples, sorted by
// name. A sample that breaks a rule Gather held (a label count that is not
// the desc's, a label value that is not UTF-8, a family both gauge and
// counter, two samples of one series) is left out and reported in the
// error; the other families are still returned.
func gather(s governor.Snapshot, b BuildInfo) ([]family, error) {
	byDesc := map[*desc]*family{}
	var errs []error
	collectSnapshot(func(m sample) {
		if err := m.check(); err != nil {
			errs = append(errs, err)
			return
		}
		f := byDesc[m.d]
		if f == nil {
			f = &family{d: m.d, typ: m.typ}
			byDesc[m.d] = f
		}
		if f.typ != m.typ {
			errs = append(errs, fmt.Errorf("metrics: %s collected as %s and %s", m.d.name, f.typ, m.typ))
			return
		}
		f.samples = append(f.samples, m)
	}, s, normalBuild(b))
	out := make([]family, 0, len(byDesc))
	for _, f := range byDesc {
		f.sortSamples()
		errs = append(errs, f.dropDuplicates())
		out = append(out, *f)
	}
	slices.SortFunc(out, func(a, b family) int { return strings.Compare(a.d.name, b.d.name) })
	return out, errors.Join(errs...)
}

// check holds what client_golang's MustNewConstMetric and Gather checked.
func (m sample) check() error {
	if len(m.values) != len(m.d.labels) {
		return fmt.Errorf("metrics: %s: %d label values for %d labels", m.d.name, len(m.values), len(m.d.labels))
	}
	for _, v := range m.values {
		if !utf8.ValidString(v) {
			return fmt.Errorf("metrics: %s: label value %q is not valid UTF-8", m.d.name, v)
		}
	}
	return nil
}

// labelOrder is the order of a family's labels by name: how each sample
// writes them and how samples sort.
func (d *desc) labelOrder() []int {
	order := make([]int, len(d.labels))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(d.labels[a], d.labels[b]) })
	return order
}

// sortSamples orders samples by their label values, labels taken by name.
func (f *family) sortSamples() {
	order := f.d.labelOrder()
	slices.SortStableFunc(f.samples, func(a, b sample) int {
		for _, i := range order {
			if c := cmp.Compare(a.values[i], b.values[i]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// dropDuplicates keeps the first of samples with equal label values (the
// samples sorted), reporting the others.
func (f *family) dropDuplicates() error {
	var errs []error
	kept := f.samples[:0]
	for i, m := range f.samples {
		if i > 0 && slices.Equal(m.values, kept[len(kept)-1].values) {
			errs = append(errs, fmt.Errorf("metrics: %s%v collected twice", f.d.name, m.values))
			continue
		}
		kept = append(kept, m)
	}
	f.samples = kept
	return errors.Join(errs...)
}

// writeText writes families in the text exposition format.
func writeText(w io.Writer, families []family) error {
	var b []byte
	for _, f := range families {
		b = f.appendText(b)
	}
	_, err := w.Write(b)
	return err
}

// appendText appends one family: HELP, TYPE, then a line a sample.
func (f family) appendText(b []byte) []byte {
	name := f.d.name
	b = append(b, "# HELP "...)
	b = append(b, name...)
	b = append(b, ' ')
	b = appendEscaped(b, f.d.help, false)
	b = append(b, "\n# TYPE "...)
	b = append(b, name...)
	b = append(b, ' ')
	b = append(b, f.typ.String()...)
	b = append(b, '\n')
	order := f.d.labelOrder()
	for _, m := range f.samples {
		b = append(b, name...)
		for n, i := range order {
			if n == 0 {
				b = append(b, '{')
			} else {
				b = append(b, ',')
			}
			b = append(b, f.d.labels[i]...)
			b = append(b, `="`...)
			b = appendEscaped(b, m.values[i], true)
			b = append(b, '"')
		}
		if len(order) > 0 {
			b = append(b, '}')
		}
		b = append(b, ' ')
		b = appendFloat(b, m.value)
		b = append(b, '\n')
	}
	return b
}

// appendEscaped escapes a backslash and a newline, and a double quote in a
// label value, as the format requires.
func appendEscaped(b []byte, s string, quote bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b = append(b, `\\`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '"' && quote:
			b = append(b, `\"`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendFloat writes a value as expfmt did: 1, 0 and -1 short, NaN,
// +Inf and -Inf by name, anything else the shortest 'g' form.
func appendFloat(b []byte, v float64) []byte {
	switch {
	case v == 1:
		return append(b, '1')
	case v == 0:
		return append(b, '0')
	case v == -1:
		return append(b, "-1"...)
	case math.IsNaN(v):
		return append(b, "NaN"...)
	case math.IsInf(v, 1):
		return append(b, "+Inf"...)
	case math.IsInf(v, -1):
		return append(b, "-Inf"...)
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64)
}
