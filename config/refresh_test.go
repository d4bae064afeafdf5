package config

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// TestRefreshFloorIsGovernors: the file's bounds are vocab.MinRefresh
// and MaxRefresh, as the template says: just under the floor is refused,
// the floor itself is taken (issue 27 #4: one refresh floor).
func TestRefreshFloorIsGovernors(t *testing.T) {
	want := "from " + vocab.MinRefresh.String() + " to 1h (--refresh)"
	if !strings.Contains(Template(), want) || MaxRefresh != time.Hour {
		t.Errorf("the template does not say %q", want)
	}
	if _, err := Parse([]byte(`refresh = "` + (vocab.MinRefresh - time.Millisecond).String() + `"`)); err == nil {
		t.Errorf("a refresh under %s was taken", vocab.MinRefresh)
	}
	c, err := Parse([]byte(`refresh = "` + vocab.MinRefresh.String() + `"`))
	if err != nil || time.Duration(c.Refresh) != vocab.MinRefresh {
		t.Errorf("refresh = %s: %v, %v", vocab.MinRefresh, c.Refresh, err)
	}
}
