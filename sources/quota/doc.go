// Package quota reads the account's quota from the files that hold it
// without a credential, in the order they are preferred (quota.go):
// coworktop's own statusline state file, which `coworktop statusline` writes
// from the rate_limits Claude Code hands it (quota_state.go, quota_parse.go),
// the rate limits coworktop's mod inside Claude Code writes (quota_mod.go),
// the desktop app's plan-usage-history.json, and one key of ~/.claude.json,
// walked to without decoding the rest (quota_claudejson.go); where each OS
// keeps them (DefaultQuotaPaths), what was found of each for doctor
// (ProbeQuota), and what `coworktop statusline` keeps of main.log between
// its runs in the same cache folder (statusline_log.go).
//
// Rules this package keeps:
//   - Of Claude's files it reads only the quota keys, never credentials,
//     cookies or any endpoint, and never derives a percentage from token
//     counts; it writes none of them. Each is opened read-only
//     (follow.OpenLog), refused when it is not a regular file or larger
//     than its bound, and decoded into a struct of the fields used.
//   - It writes only coworktop's own files in coworktop's cache folder,
//     atomically (a temporary file renamed over the old one).
//   - It imports the quota model (quota: the readings it produces), vocab,
//     the root of sources (CleanText) and sources/follow, never governor,
//     ingest, ui or render, nor the records room: it produces readings, the
//     model and the outputs make figures of them. Its importers name it
//     quotafiles, beside the model's quota.
package quota
