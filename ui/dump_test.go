package ui

import (
	"fmt"
	"os"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func sizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func TestDump(t *testing.T) {
	if os.Getenv("UI_DUMP") == "" {
		t.Skip()
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := fixtureModel(t, sz[0], sz[1], false)
		fmt.Println(m.View().Content)
		fmt.Println("=====")
	}
}
