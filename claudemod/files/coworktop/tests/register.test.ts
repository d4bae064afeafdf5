// The mod's own tests: `claude plugin test` runs them with the engine's hooks
// stood in for by the test's own (`on`), and the clock by mock.clock.
import { expect, mock, test } from 'claude-code/testing'
import type { On } from 'claude-code'

const START = Date.parse('2026-12-07T09:00:00Z')
const WARNING = '/cache/coworktop/mod-warning.json'
const LIMITS = '/cache/coworktop/mod-limits.json'

// world stands in for the engine: a folder of files, the footer's line, the
// session's id.
function world(on: On) {
  const files = new Map<string, string>()
  const shown: (string | undefined)[] = []
  const written: { path: string; text: string }[] = []
  on('session.start', (_, e) => ({ cwd: e.cwd }))
  on('session.measure', (_, e) => ({ changed: e.changed }))
  on('session.id', () => ({ value: 'session-1' }))
  on('fs.exists', (_, e) => ({ value: files.has(e.path) || e.path.endsWith('/paths.json') }))
  on('fs.read', (_, e) => {
    if (e.path.endsWith('/paths.json')) return { value: JSON.stringify({ warning: WARNING, limits: LIMITS }) }
    const text = files.get(e.path)
    if (text === undefined) throw new Error(`${e.path}: no such file`)
    return { value: text }
  })
  on('fs.write', (_, e) => {
    written.push({ path: e.path, text: e.text })
    return { value: undefined }
  })
  on('ui.status', (_, e) => {
    shown.push(e.text)
    return { value: undefined }
  })
  return { files, shown, written }
}

const warning = (text: string, at: number) => JSON.stringify({ v: 1, text, at: new Date(at).toISOString() })

test('the footer shows the warning, follows it, says when it is old and hides it when stale', async ($, on) => {
  const clock = mock.clock(on, { now: START })
  const w = world(on)
  w.files.set(WARNING, warning('update 2.2553.1 installs when the app sits idle', START - 2_000))
  await $.session.start({ cwd: '/', surface: 'terminal', isInteractive: true })
  expect(w.shown.at(-1)).toBe('update 2.2553.1 installs when the app sits idle')

  // coworktop writes a new warning: the next look (5 s) shows it.
  w.files.set(WARNING, warning('api-gateway paused next (est.)', START + 1_000))
  await clock.advance(5_000)
  expect(w.shown.at(-1)).toBe('api-gateway paused next (est.)')

  // coworktop stopped writing: once the file is over a minute old the line
  // says how old it is…
  w.files.set(WARNING, warning('api-gateway paused next (est.)', START - 115_000))
  await clock.advance(5_000)
  expect(w.shown.at(-1)).toBe('api-gateway paused next (est.) (as of 2 min ago: coworktop is not watching)')
  // …and once it is over 15 minutes old it is gone.
  w.files.set(WARNING, warning('api-gateway paused next (est.)', START - 15 * 60_000))
  await clock.advance(5_000)
  expect(w.shown.at(-1)).toBeUndefined()
})

test('nothing to warn of, a half-written file or a hostile text shows no raw line', async ($, on) => {
  const clock = mock.clock(on, { now: START })
  const w = world(on)
  w.files.set(WARNING, warning('', START))
  await $.session.start({ cwd: '/', surface: 'terminal', isInteractive: true })
  expect(w.shown.at(-1)).toBeUndefined()

  w.files.set(WARNING, '{"v":1,"text":"upd')
  await clock.advance(5_000)
  expect(w.shown.at(-1)).toBeUndefined()

  w.files.set(WARNING, warning('a\u001b[31mred\u0007 line\u202e', START + 5_000))
  await clock.advance(5_000)
  expect(w.shown.at(-1)).toBe('a [31mred  line')
})

test('each reply with rate limits is written for coworktop, with the session and the time', async ($, on) => {
  mock.clock(on, { now: START })
  const w = world(on)
  await $.session.start({ cwd: '/', surface: 'terminal', isInteractive: true })
  const rateLimits = [
    { kind: 'five_hour', percentUsed: 42, resetsAt: '2026-12-07T11:00:00.000Z' },
    { kind: 'seven_day', percentUsed: 17, resetsAt: '2026-12-10T09:00:00.000Z' },
  ]
  await $.session.measure({ context: { window: 200_000 }, rateLimits, changed: ['rateLimits'] })
  expect(w.written.length).toBe(1)
  expect(w.written[0].path).toBe(LIMITS)
  expect(JSON.parse(w.written[0].text)).toEqual({ v: 1, sessionId: 'session-1', at: '2026-12-07T09:00:00.000Z', rateLimits })

  // An API-key session has no rate limits: nothing is written.
  await $.session.measure({ context: { window: 200_000 }, rateLimits: [], changed: ['cost'] })
  expect(w.written.length).toBe(1)
})
