import type { Migration } from '../storage/migrate';

const tables = (bigint: string, bool: string, falseValue: string) => `
  ALTER TABLE matches ADD COLUMN tournament_id TEXT;
  ALTER TABLE matches ADD COLUMN board_id TEXT;
  ALTER TABLE matches ADD COLUMN dice_streams TEXT;
  CREATE INDEX matches_by_board ON matches (board_id) WHERE board_id IS NOT NULL;

  CREATE TABLE tournaments (
    id             TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    format         TEXT NOT NULL,
    seats          INTEGER NOT NULL,
    teams          ${bool} NOT NULL DEFAULT ${falseValue},
    rounds         INTEGER NOT NULL,
    minutes        INTEGER NOT NULL DEFAULT 0,
    duplicate      ${bool} NOT NULL,
    private        ${bool} NOT NULL,
    creator_id     TEXT NOT NULL,
    preset         TEXT NOT NULL,
    turn_seconds   REAL NOT NULL,
    break_seconds  INTEGER NOT NULL,
    starts_at      ${bigint} NOT NULL,
    status         TEXT NOT NULL,
    round          INTEGER NOT NULL DEFAULT 0,
    next_round_at  ${bigint},
    boards         TEXT,
    draw           TEXT,
    created_at     ${bigint} NOT NULL,
    ended_at       ${bigint}
  );
  CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

  CREATE TABLE tournament_players (
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id),
    player_id      TEXT NOT NULL,
    name           TEXT NOT NULL,
    joined_at      ${bigint} NOT NULL,
    withdrawn_at   ${bigint},
    PRIMARY KEY (tournament_id, player_id)
  );
  CREATE INDEX tournament_players_by_player ON tournament_players (player_id);

  CREATE TABLE tournament_rounds (
    id             TEXT PRIMARY KEY,
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id),
    number         INTEGER NOT NULL,
    pairing        TEXT NOT NULL,
    started_at     ${bigint} NOT NULL,
    ended_at       ${bigint},
    UNIQUE (tournament_id, number)
  );

  CREATE TABLE tournament_reviews (
    match_id       TEXT PRIMARY KEY,
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id),
    losses         TEXT NOT NULL,
    reviewed_at    ${bigint} NOT NULL
  );
  CREATE INDEX tournament_reviews_by_tournament ON tournament_reviews (tournament_id);
  CREATE INDEX matches_by_tournament ON matches (tournament_id) WHERE tournament_id IS NOT NULL;
`;

/**
 * Tournaments (tournaments/): each one, who joined it (and withdrew), and each round's tables as paired —
 * their matches are ordinary matches naming their tournament (`tournament_id`), a duplicate round's its board (`board_id`: the round) and
 * the dice stream each seat held (`dice_streams`). The round's seed (in `boards`, one per round, drawn
 * and committed to at the start) is shown once the round's last table has ended. Each finished game's
 * review, as the luck-free column reads it (`losses`: what each seat's decisions lost against the expert's).
 */
export const tournaments: Migration = {
  version: 20,
  name: 'tournaments',
  sql: { sqlite: tables('INTEGER', 'INTEGER', '0'), postgres: tables('BIGINT', 'BOOLEAN', 'FALSE') },
};
