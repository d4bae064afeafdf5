package config

import (
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
)

// TestRefreshFloorIsGovernors: the file's bounds are governor.MinRefresh
// and MaxRefresh, as the template says: just under the floor is refused,
// the floor itself is taken (issue 27 #4: one refresh floor).
func TestRefreshFloorIsGovernors(t *testing.T) {
	want := "from " + governor.MinRefresh.String() + " to 1h (--refresh)"
	if !strings.Contains(Template, want) || MaxRefresh != time.Hour {
		t.Errorf("the template does not say %q", want)
	}
	if _, err := Parse([]byte(`refresh = "` + (governor.MinRefresh - time.Millisecond).String() + `"`)); err == nil {
		t.Errorf("a refresh under %s was taken", governor.MinRefresh)
	}
	c, err := Parse([]byte(`refresh = "` + governor.MinRefresh.String() + `"`))
	if err != nil || time.Duration(c.Refresh) != governor.MinRefresh {
		t.Errorf("refresh = %s: %v, %v", governor.MinRefresh, c.Refresh, err)
	}
}
