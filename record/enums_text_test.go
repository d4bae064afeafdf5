package record

import "testing"

// TestEnumListsAreWhole: governor's enum tests walk Source and Attention
// to their last constants (FromSeen, AttentionIdle); the name tables must
// end there, so a constant added past them fails here until the walk and
// the table say it.
func TestEnumListsAreWhole(t *testing.T) {
	if len(recordSourceNames) != int(FromSeen)+1 {
		t.Errorf("record sources: %d names, FromSeen is %d", len(recordSourceNames), FromSeen)
	}
	if len(attentionNames) != int(AttentionIdle)+1 {
		t.Errorf("attention: %d names, AttentionIdle is %d", len(attentionNames), AttentionIdle)
	}
}
