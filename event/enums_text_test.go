package event

import "testing"

// TestEnumListsAreWhole: VMStates lists every VM state and FileStates every
// named file state, and the verbs and file states end where their names
// do (governor's TestEnumsMarshalTheirText walks them to the last
// constant).
func TestEnumListsAreWhole(t *testing.T) {
	if len(VMStates) != len(vmStateNames) {
		t.Errorf("VMStates lists %d of %d states", len(VMStates), len(vmStateNames))
	}
	if len(FileStates) != len(fileStateNames)-1 {
		t.Errorf("FileStates lists %d of %d states", len(FileStates), len(fileStateNames)-1)
	}
	if int(VerbWouldEvict) != len(verbNames)-1 || int(FileDone) != len(fileStateNames)-1 {
		t.Error("a verb or file state was added after the last one the tests walk to")
	}
}
