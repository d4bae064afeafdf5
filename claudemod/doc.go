// Package claudemod is coworktop's mod inside Claude Code: the mod's files
// (files/, embedded: a directory marketplace holding the plugin
// "coworktop", a TypeScript hooks module Claude Code compiles and runs
// itself), writing them into coworktop's own folder with the paths the mod
// reads and writes (paths.json), installing, removing and checking it
// through Claude Code's own `claude plugin …` commands, and the small
// warning file the mod shows in every session's footer (warning.go),
// which coworktop's long-running modes keep current.
//
// Rules this package keeps:
//   - It writes only coworktop's own folders (the marketplace folder, the
//     warning file in coworktop's cache folder) and never a file of Claude
//     Code's: Claude Code's settings and plugin cache change only through
//     the `claude plugin` commands it runs, without a shell, each bounded in
//     time and output, through the Runner the caller gives.
//   - Of Claude Code's settings files it reads only the keys that turn mods
//     off (modsOff), nothing else.
//   - It imports vocab only: the warning's text comes from the caller
//     (words.Headline, wired by cmd), the rate limits the mod writes are
//     read by sources/quota as the quota source "mod".
package claudemod
