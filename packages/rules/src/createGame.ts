import { type BySeat, type Colour, type Position, clockwise, isColour } from './colours';
import { FINISH, LAUNCH } from './geometry';
import { applyHouseRules } from './options';
import { PRESETS, isPresetName } from './presets';
import { type Result, fail, ok } from './result';
import type { GameSetup, GameState } from './state';

/** Validate a setup and build the starting state. Bad setups are answered with ERR_BAD_SETUP / ERR_BAD_OPTIONS. */
export function createGame(setup: GameSetup): Result<GameState> {
  if (setup === null || typeof setup !== 'object') return fail('ERR_BAD_SETUP', 'setup must be an object');
  const { preset, seats: listed, teams = false, firstSeat, planes: placed } = setup;
  if (!isPresetName(preset)) return fail('ERR_BAD_SETUP', `unknown preset '${String(preset)}'`);
  const configured = applyHouseRules(PRESETS[preset], setup.options);
  if (!configured.ok) return configured;
  const config = configured.value;

  if (!Array.isArray(listed) || !listed.every(isColour)) {
    return fail('ERR_BAD_SETUP', "seats must be a list of 'red', 'green', 'yellow' or 'blue'");
  }
  if (new Set(listed).size !== listed.length) return fail('ERR_BAD_SETUP', 'a colour is seated twice');
  if (listed.length < config.minPlayers || listed.length > config.maxPlayers) {
    return fail('ERR_BAD_SETUP', `${preset} seats ${config.minPlayers}–${config.maxPlayers} players, not ${listed.length}`);
  }
  const foreign = listed.find((c) => !config.colours.includes(c));
  if (foreign) return fail('ERR_BAD_SETUP', `${preset} does not seat ${foreign}`);
  if (typeof teams !== 'boolean') return fail('ERR_BAD_SETUP', 'teams must be a boolean');
  if (teams && !config.teamsAllowed) return fail('ERR_BAD_SETUP', `${preset} has no team mode`);
  if (teams && listed.length !== 4) return fail('ERR_BAD_SETUP', 'team mode needs all four seats');
  const seats = clockwise(listed);
  if (firstSeat !== undefined && !(isColour(firstSeat) && seats.includes(firstSeat))) {
    return fail('ERR_BAD_SETUP', `firstSeat '${String(firstSeat)}' is not seated`);
  }

  const planes: BySeat<readonly Position[]> = {};
  for (const colour of seats) {
    planes[colour] = Array.from({ length: config.planes }, (_, i) => (i < config.startOnLaunch ? LAUNCH : 'hangar'));
  }
  if (placed !== undefined) {
    const checked = placePlanes(placed, seats, config.planes);
    if (!checked.ok) return checked;
    Object.assign(planes, checked.value);
  }
  const start = firstSeat ?? seats[0]!;
  return ok({
    preset,
    options: { ...(setup.options ?? {}) },
    config,
    seats,
    teams,
    planes,
    current: start,
    phase: 'roll',
    roll: null,
    sixes: 0,
    forcedPlane: null,
    lastMoved: null,
    rolls: 0,
    version: 0,
    out: {},
    left: {},
    collisions: {},
    pendingResign: null,
    drawOffer: null,
    result: null,
  });
}

function isPosition(p: unknown): p is Position {
  return p === 'hangar' || (Number.isInteger(p) && (p as number) >= LAUNCH && (p as number) <= FINISH);
}

function placePlanes(placed: unknown, seats: readonly Colour[], count: number): Result<BySeat<readonly Position[]>> {
  if (placed === null || typeof placed !== 'object') return fail('ERR_BAD_SETUP', 'planes must map colours to positions');
  const out: BySeat<readonly Position[]> = {};
  for (const [colour, list] of Object.entries(placed)) {
    if (!isColour(colour) || !seats.includes(colour)) return fail('ERR_BAD_SETUP', `planes given for unseated '${colour}'`);
    if (!Array.isArray(list) || list.length !== count) {
      return fail('ERR_BAD_SETUP', `${colour} needs exactly ${count} plane positions`);
    }
    if (!list.every(isPosition)) return fail('ERR_BAD_SETUP', `${colour} positions must be 'hangar' or 0..56`);
    out[colour] = [...list];
  }
  return ok(out);
}
