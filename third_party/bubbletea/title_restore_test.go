package tea

import (
	"bytes"
	"strings"
	"testing"
)

// titledModel sets a window title and quits at once.
type titledModel struct{}

func (titledModel) Init() Cmd                 { return Quit }
func (m titledModel) Update(Msg) (Model, Cmd) { return m, nil }
func (titledModel) View() View {
	v := NewView("titled")
	v.WindowTitle = "coworktop · needs you 1"
	return v
}

// TestQuitRestoresTheTitle (a coworktop patch): the terminal's own title is
// pushed before the program sets one and popped at quit, where upstream
// only set it empty, leaving the person's window untitled.
func TestQuitRestoresTheTitle(t *testing.T) {
	var in, out bytes.Buffer
	p := NewProgram(titledModel{}, WithInput(&in), WithOutput(&out), WithWindowSize(40, 5))
	if _, err := p.Run(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	push, set, clear, pop := strings.Index(got, "\x1b[22;2t"), strings.Index(got, "\x1b]2;coworktop · needs you 1\a"), strings.LastIndex(got, "\x1b]2;\a"), strings.LastIndex(got, "\x1b[23;2t")
	if push < 0 || set < 0 || pop < 0 || clear < 0 || push > set || set > clear || clear > pop {
		t.Fatalf("want push < set < clear < pop, got %d %d %d %d in %q", push, set, clear, pop, got)
	}
}
