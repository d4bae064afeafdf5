// Package quota is the account's quota model: the 5-hour window, the 7-day
// one, the per-model weekly limits (weekly_scoped) and a gateway's spend
// limit, as read from the three places that hold them without a
// credential (the status line's JSON, the desktop app's
// plan-usage-history.json, the cachedUsageUtilization key of
// ~/.claude.json). These figures are account-wide: they include cloud
// sessions and other devices, and no source gives one session's share.
// coworktop never derives a percentage from token counts. A window a
// source does not report is never shown as 0 %: it is "not reported", or
// "no 5-hour limit" where the source says the account has none.
//
// It owns the readings' types (window.go), which source's figure is shown
// for each window and its state (pick.go), the burn estimate (burn.go),
// their words (text.go), their JSON (json.go) and the readings kept
// (Store, store.go): one definition that the header, report, snapshot,
// metrics and notifications all show. The sources read the files and hand
// it Samples; governor's State holds the Store they go into and puts
// Figures in the Snapshot. Like governor it is pure: no I/O, no time.Now
// (callers pass the clock in), and it imports nothing of the project but
// vocab and internal/ring (the bounded container).
package quota
