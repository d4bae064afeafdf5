package metrics

import (
	"bytes"
	"testing"
	"time"

	"github.com/coworktop/coworktop/governor"
	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/quota"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/common/expfmt"
)

// The tests hold the package's own exposition to client_golang's: the
// collector below hands collectSnapshot's samples to a real registry,
// whose checks (pedantic registration, promlint, testutil) the other tests
// run, and TestEncodeMatchesClientGolang compares the bytes.

// Collector is a prometheus.Collector over collectSnapshot, for the tests.
type Collector struct {
	snapshot SnapshotFunc
	build    BuildInfo
	descs    map[*desc]*prometheus.Desc
}

// NewCollector returns a Collector over snapshot.
func NewCollector(snapshot SnapshotFunc, build BuildInfo) *Collector {
	c := &Collector{snapshot: snapshot, build: normalBuild(build), descs: map[*desc]*prometheus.Desc{}}
	for _, d := range descriptors() {
		c.descs[d] = prometheus.NewDesc(d.name, d.help, d.labels, nil)
	}
	return c
}

// NewRegistry returns a fresh registry holding only a Collector.
func NewRegistry(snapshot SnapshotFunc, build BuildInfo) (*prometheus.Registry, error) {
	reg := prometheus.NewRegistry()
	if err := reg.Register(NewCollector(snapshot, build)); err != nil {
		return nil, err
	}
	return reg, nil
}

// Describe sends every descriptor.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range descriptors() {
		ch <- c.descs[d]
	}
}

// Collect emits one snapshot's samples as constant metrics; a desc not in
// descriptors() gets a descriptor of its own, which a pedantic registry
// refuses.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	collectSnapshot(func(m sample) {
		pd := c.descs[m.d]
		if pd == nil {
			pd = prometheus.NewDesc(m.d.name, m.d.help, m.d.labels, nil)
		}
		vt := prometheus.GaugeValue
		if m.typ == typeCounter {
			vt = prometheus.CounterValue
		}
		ch <- prometheus.MustNewConstMetric(pd, vt, m.value, m.values...)
	}, c.snapshot(), c.build)
}

// clientGolangText is what client_golang's Gather and expfmt's text
// encoder write for a snapshot.
func clientGolangText(t *testing.T, snap governor.Snapshot, build BuildInfo) string {
	t.Helper()
	reg, err := NewRegistry(func() governor.Snapshot { return snap }, build)
	if err != nil {
		t.Fatal(err)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	enc := expfmt.NewEncoder(&buf, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, mf := range families {
		if err := enc.Encode(mf); err != nil {
			t.Fatal(err)
		}
	}
	return buf.String()
}

// TestEncodeMatchesClientGolang: Encode writes what client_golang wrote,
// byte for byte, over states that fill every family the tests know
// (groups, files, quota, records, memory, share), an empty one, and build
// labels that need escaping.
func TestEncodeMatchesClientGolang(t *testing.T) {
	rich := richState()
	now := t0.Add(time.Hour)
	cases := map[string]struct {
		snap  governor.Snapshot
		build BuildInfo
	}{
		"rich":   {rich.Snapshot(now), testBuild},
		"empty":  {governor.Snapshot{}, BuildInfo{}},
		"quoted": {rich.Snapshot(now.Add(time.Minute)), BuildInfo{Version: `v"1\2` + "\n", Commit: "ä€", GoVersion: "go1.26"}},
	}
	for name, snap := range fullSnapshots() {
		cases[name] = struct {
			snap  governor.Snapshot
			build BuildInfo
		}{snap, testBuild}
	}
	for name, tc := range cases {
		want := clientGolangText(t, tc.snap, tc.build)
		var got bytes.Buffer
		if err := Encode(&got, tc.snap, tc.build); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.String() != want {
			t.Errorf("%s: Encode differs from client_golang's text\n--- got\n%s\n--- want\n%s", name, got.String(), want)
		}
	}
}

// fullSnapshots fill the families richState leaves empty: quota windows
// (with and without a scope, refused readings and read errors), records,
// memory per session and the quota share.
func fullSnapshots() map[string]governor.Snapshot {
	now := t0.Add(time.Hour)
	st := richState()
	st.ApplyQuota([]quota.Sample{
		{Window: quota.FiveHour, Percent: 50, ResetsAt: now.Add(2 * time.Hour), Source: quota.Statusline, At: now.Add(-30 * time.Minute)},
		{Window: quota.FiveHour, Percent: 61.5, ResetsAt: now.Add(2 * time.Hour), Source: quota.Statusline, At: now.Add(-time.Minute)},
		{Window: quota.SevenDay, Absent: quota.NoLimit, Source: quota.Cache, At: now.Add(-time.Hour)},
		{Window: quota.WeeklyScoped, Scope: "Fable", Percent: 92, ResetsAt: now.Add(30 * time.Hour), Source: quota.Cache, At: now.Add(-10 * time.Minute)},
	})
	st.ApplyQuotaRefused(map[quota.Source]int{quota.Desktop: 3})
	withQuota := st.Snapshot(now)
	withQuota.QuotaErrors = map[quota.Source]int{quota.Cache: 2}

	more := richState().Snapshot(now)
	more.NeedsYou = 1
	more.Records = &governor.RecordsView{Available: true, NeedsYou: 1, Stale: 2, Refused: 1, Unreadable: []string{"x"}}
	more.Memory = &governor.MemoryView{Source: "process RSS", UnjoinedBytes: 12345,
		Duplicates: []host.DuplicateServer{{Bytes: 1 << 20}, {Bytes: 3}},
		PauseFrees: &governor.PauseEstimate{Bytes: 7 << 20}}
	for i := range more.Sessions {
		more.Sessions[i].Memory = &host.SessionMemory{Bytes: uint64(i+1) * 1000003, Source: "process RSS"}
	}
	more.Share = &quota.ShareView{Sessions: 2, Unknown: 1, Elsewhere: &quota.Elsewhere{Percent: 12.25}}
	return map[string]governor.Snapshot{"quota": withQuota, "records, memory, share": more}
}
