// coworktop's mod. It does two things and nothing else:
//  - shows coworktop's warning for this machine in the footer, read from
//    the small file coworktop's live view and `coworktop serve` keep
//    current, with its age: a file over a minute old is said to be, one
//    over 15 minutes old is not shown;
//  - writes the rate limits each reply brings, with the session and the
//    time, to the file coworktop reads as its quota source "mod".
// It asks for no permission and sends nothing anywhere. Where the two files
// are is in paths.json beside this folder's manifest, written by
// `coworktop mod install`.
import type { Register } from 'claude-code'

export const EVERY_MS = 5_000
export const OLD_MS = 60_000
export const GONE_MS = 15 * 60_000
const MAX_TEXT = 200

type Paths = { warning: string; limits: string }

export const register: Register = on => {
  let paths: Paths | undefined
  on('session.start', async ($, e, next) => {
    const result = await next(e)
    paths = parsePaths(await readText($, `${$.plugin.root}/paths.json`))
    if (paths === undefined) return result
    const where = paths.warning
    const show = async () => {
      $.ui.status(footer(await readText($, where), await $.clock.now()))
    }
    await show()
    $.clock.every(EVERY_MS, () => void show())
    return result
  })
  on('session.measure', async ($, e, next) => {
    if (paths !== undefined && e.rateLimits.length > 0) {
      const at = new Date(await $.clock.now()).toISOString()
      await $.fs.write(paths.limits, JSON.stringify({ v: 1, sessionId: await $.session.id(), at, rateLimits: e.rateLimits }))
    }
    return next(e)
  })
}

// readText is the file's text, or undefined when it cannot be read.
async function readText($: { fs: { exists(p: string): Promise<boolean>; read(p: string): Promise<string> } }, path: string) {
  try {
    return (await $.fs.exists(path)) ? await $.fs.read(path) : undefined
  } catch {
    return undefined
  }
}

export function parsePaths(raw: string | undefined): Paths | undefined {
  const p = parse(raw)
  return typeof p?.warning === 'string' && typeof p?.limits === 'string' ? { warning: p.warning, limits: p.limits } : undefined
}

// footer is the footer line for coworktop's warning file as of now (ms):
// its text while it is fresh, with its age once it is over a minute old,
// nothing once it is over 15 minutes old, unreadable, or says nothing.
export function footer(raw: string | undefined, now: number): string | undefined {
  const w = parse(raw)
  if (typeof w?.text !== 'string' || typeof w?.at !== 'string') return undefined
  const text = plain(w.text)
  const age = now - Date.parse(w.at)
  if (text === '' || !(age > -OLD_MS) || age > GONE_MS) return undefined
  if (age <= OLD_MS) return text
  return `${text} (as of ${Math.floor(age / 60_000)} min ago: coworktop is not watching)`
}

function parse(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined
  try {
    const v = JSON.parse(raw)
    return v !== null && typeof v === 'object' ? v : undefined
  } catch {
    return undefined
  }
}

// plain keeps printable text, at most MAX_TEXT characters.
function plain(s: string): string {
  return [...s.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')].slice(0, MAX_TEXT).join('').trim()
}
