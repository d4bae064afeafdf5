// Package vocab holds the small words every other package of coworktop
// shares: the one sanitiser for untrusted text (Sanitize and its policies,
// the caps on log text and lines), the units (FormatBytes, FormatDuration,
// ShortDuration, ShortID, CapInt32), where a figure comes from (Source,
// Figure) and the text helper of the typed enums (Enum).
//
// It is the ground floor: it imports nothing of the project, only the
// standard library, so governor, ingest, sources, config, render, metrics,
// notify and ui can all import it without importing the model for a word.
package vocab
