package ingest

import (
	"encoding/binary"
	"testing"
	"time"
)

func TestStampClockMatchesParseAcrossDST(t *testing.T) {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	var c stampClock
	start := time.Date(2026, 11, 1, 0, 58, 0, 0, time.UTC)
	for i := 0; i < 4*3600; i += 7 {
		stamp := []byte(start.Add(time.Duration(i) * time.Second).Format("2006-01-02 15:04:05"))
		if got, want := c.at(stamp, loc), parseStamp(stamp, loc); !got.Equal(want) {
			t.Fatalf("%s: cached %v, parsed %v", stamp, got, want)
		}
	}
}

func TestStampTags(t *testing.T) {
	for text, tag := range map[string]uint64{" [info] ": tagInfo, " [warn] ": tagWarn, " [error]": tagError, " [debug]": tagDebug} {
		if got := binary.LittleEndian.Uint64([]byte(text)); got != tag {
			t.Errorf("%q is %#x, the constant says %#x", text, got, tag)
		}
	}
}
