package vocab

// Figure is one host number with where it came from, so the UI can label it
// ("gopsutil mem.VirtualMemory", "sysctl vm.swapusage", …). A figure that
// could not be read has Known=false and is shown as unreadable, never as 0.
type Figure struct {
	Value  uint64 `json:"value"`
	Known  bool   `json:"known"`
	Source string `json:"source,omitempty"`
}

// Source says whether a number is a fact the app logged or coworktop's own
// estimate. The UI and every output label it.
type Source int8

// Sources of a figure.
const (
	SourceNone      Source = iota // not said: "" in the outputs, left out where optional
	SourceUnknown                 // "unknown"
	SourceLogged                  // "logged": the app wrote it in its log
	SourceEstimated               // "estimated": coworktop derived it (cap from RAM, counted sessions)
)

// sourceNames are the texts of the Sources.
var sourceNames = [...]string{SourceUnknown: "unknown", SourceLogged: "logged", SourceEstimated: "estimated"}

// sourceEnum is Source's texts (String, MarshalText, UnmarshalText).
var sourceEnum = Enum[Source]{Names: sourceNames[:], What: "source"}

// String is the source's text ("" for SourceNone).
func (s Source) String() string { return sourceEnum.Name(s) }

// MarshalText writes the text.
func (s Source) MarshalText() ([]byte, error) { return sourceEnum.Text(s) }

// UnmarshalText reads a source's text; a text no source has is an error.
func (s *Source) UnmarshalText(t []byte) error { return sourceEnum.Read(s, t) }

// SourceOf is the Source of a source's text, SourceNone for a text no
// source has, for what holds a source as text, as report's JSON does.
func SourceOf(s string) Source {
	v, _ := ValueOf(sourceNames[:], []byte(s), "source")
	return Source(v)
}
