//! The `state` message of a room (docs/PROTOCOL.md): what every game's
//! has (room, mode, seats, sequence number, result), then the game's own
//! fields from its adapter ([`crate::games::ServerGame::view`]).

use serde_json::{json, Value};
use tables::Side;

use super::Room;

/// How many history entries a broadcast state carries (the client asks
/// for everything with `sync` when it misses some).
const TAIL: usize = 4;

/// The seats of a room as the state shows them.
fn seats_json(room: &Room) -> Value {
    let row = &room.row;
    let seat = |s: Side| {
        let (name, taken) = match s {
            Side::White => (&row.white_name, row.white_taken),
            Side::Black => (&row.black_name, row.black_taken),
        };
        let bot = room.bot_side() == Some(s);
        json!({
            "name": name,
            "kind": if bot { "bot" } else { "human" },
            "taken": taken || bot,
            "connected": bot || room.present(s),
        })
    };
    json!({ "white": seat(Side::White), "black": seat(Side::Black) })
}

/// The `state` message of a room; `full` carries the whole history.
pub fn state_json(room: &Room, full: bool) -> Value {
    let row = &room.row;
    let over = room.game.outcome().map(|o| {
        json!({
            "winner": o.winner.name(),
            "stake": room.game.stake_text(),
            "result": o.text,
        })
    });
    let mut v = json!({
        "type": "state",
        "game": room.game.kind(),
        "room": row.id,
        "mode": row.mode,
        "bot": row.bot,
        "options": row.options,
        "seq": room.actions.len(),
        "seats": seats_json(room),
        "spectators": room.watching(),
        "over": over,
        // The room code of the rematch, once asked (everyone follows).
        "rematch": room.rematch,
        // The tutor was asked (issue 40): the game is unrated.
        "tutored": room.tutored,
        // An online game's dice (issue 38, docs/DICE.md): the commitment
        // from the start, the players' seeds, the server seed once over.
        "fair_dice": room.dice.as_ref().map(|d| {
            let over = room.row.finished.is_some();
            json!({
                "scheme": tables::fair::SCHEME,
                "commitment": d.commitment(),
                "white": tables::fair::hex(&d.white),
                "black": tables::fair::hex(&d.black),
                "server": over.then(|| tables::fair::hex(&d.server)),
            })
        }),
        // Who decides and what, in the words of every game
        // (`tables::Decision`): the same for all games, beside each
        // game's own `phase`.
        "pending": room.game.pending().map(|p| json!({
            "side": p.side.map(Side::name),
            "decision": p.decision,
        })),
    });
    room.game.view(&mut v, full, TAIL);
    // Clocks, players away, and a verdict (issue 26).
    super::timing::time_view(room, &mut v);
    v
}
