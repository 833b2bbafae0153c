//! `trictrac bg …`: backgammon with the videau (docs/BACKGAMMON.md, rule
//! ids BG-x.y), in the manner of the trictrac subcommands.

mod bearoff;
mod benchmark;
mod explain;
mod external;
mod gnubg_analysis;
mod hint;
mod input;
mod learn;
mod matches;
mod moves;
mod perft;
pub(crate) mod play;
pub(crate) mod record;
mod refine;
mod replay;
mod review;
mod rollout;
mod selfplay;
mod train;

use std::io::Write;

use clap::{Args, Subcommand};

use crate::error::CliError;

/// Backgammon with the videau (doubling cube).
#[derive(Debug, Args)]
#[command(
    about = "Backgammon with the videau: legal moves, perft, self-play, matches, benchmark against gnubg, replay, play in the terminal, hint, rollout, review, gnubg's external player, quizzes",
    long_about = "Backgammon with the videau (doubling cube), under the rule book \
        docs/BACKGAMMON.md (rule ids BG-x.y): the `standard` preset (GNU Backgammon's \
        rules, the default) or the `seed` preset (the seed page's own rules: opening \
        BG-2.2, no hit and cover on the hitter's points 7-12 BG-4.3, scoring BG-6.2, \
        refused redouble BG-7.4).\n\n\
        Positions are gnubg Position IDs (14 characters, e.g. 4HPwATDgc/ABMA for the \
        start), gnubg PositionID:MatchID pairs or XGIDs; plays are written as gnubg writes them, in the mover's numbering: \
        `13/7* 8/7`, `bar/22`, `6/off`, `8/5(2)`.",
    after_help = "Examples:\n  \
        trictrac bg play\n  \
        trictrac bg play --rules seed --match 5\n  \
        trictrac bg moves --dice 3-1\n  \
        trictrac bg moves --position 4HPwATDgc/ABMA --dice 3-1 --json\n  \
        trictrac bg perft --depth 2\n  \
        trictrac bg selfplay --games 10000 --seed 1\n  \
        trictrac bg match --white greedy --black random --games 1000\n  \
        trictrac bg benchmark --games 400 --analyse 20\n  \
        trictrac bg hint --position 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'\n  \
        trictrac bg rollout --games 1296 --seed 1\n  \
        trictrac bg review match.mat\n  \
        trictrac bg train --games 100000 --out bg-model.bin\n  \
        trictrac bg refine label --positions 100000 --out contact.set\n  \
        trictrac bg external --port 31415\n  \
        trictrac bg learn --theme bearoff"
)]
pub struct BgArgs {
    #[command(subcommand)]
    command: BgCommand,
}

#[derive(Debug, Subcommand)]
enum BgCommand {
    Play(play::PlayArgs),
    Moves(moves::MovesArgs),
    Hint(hint::HintArgs),
    Perft(perft::PerftArgs),
    Selfplay(selfplay::SelfplayArgs),
    Match(matches::MatchArgs),
    Benchmark(benchmark::BenchmarkArgs),
    Replay(replay::ReplayArgs),
    Rollout(rollout::RolloutArgs),
    Review(review::ReviewArgs),
    Train(train::TrainArgs),
    Refine(refine::RefineArgs),
    Bearoff(bearoff::BearoffArgs),
    External(external::ExternalArgs),
    Learn(learn::LearnArgs),
}

/// Runs `trictrac bg …`.
pub fn run(args: &BgArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        BgCommand::Play(a) => play::run(a, out),
        BgCommand::Moves(a) => moves::run(a, out),
        BgCommand::Hint(a) => hint::run(a, out),
        BgCommand::Perft(a) => perft::run(a, out),
        BgCommand::Selfplay(a) => selfplay::run(a, out),
        BgCommand::Match(a) => matches::run(a, out),
        BgCommand::Benchmark(a) => benchmark::run(a, out),
        BgCommand::Replay(a) => replay::run(a, out),
        BgCommand::Rollout(a) => rollout::run(a, out),
        BgCommand::Review(a) => review::run(a, out),
        BgCommand::Train(a) => train::run(a, out),
        BgCommand::Refine(a) => refine::run(a, out),
        BgCommand::Bearoff(a) => bearoff::run(a, out),
        BgCommand::External(a) => external::run(a, out),
        BgCommand::Learn(a) => learn::run(a, out),
    }
}

/// The long help of every `--rules` (issue 24: each reading of the seed
/// page's hit rule, with its sentence, and the videau's timing).
pub const RULES_HELP: &str = "Rules: a preset, then options as NAME=VALUE words.\n\
Presets: standard (GNU Backgammon's rules, the default) or seed (the seed page's rules: \
scores 1/2/3 times the videau, no Jacoby, a refused redouble counts the game as it stands, \
the opening winner throws both dice, hit-cover=inner).\n\
Options:\n\
  hit-cover=allowed|inner|home|anywhere|opponent  (BG-4.3) the seed page: \"Il est interdit \
aussi de frapper et capturer le pion d'adversaire dans son jan intérieur et de cacher le pion \
qui a frappé par la suite par un mouvement dans le même jet. Si on frappe il faut laisser son \
pion ouvert jusqu'au prochain jet.\" Where a hit may not be covered in the same roll: \
allowed = no restriction (standard); inner = a hit on the hitter's points 7-12 (the seed \
default: \"son jan intérieur\" read as the hitter's); opponent = on the opponent's points \
7-12, the hitter's 13-18 (\"son\" read as the hit checker's); home = on the hitter's points \
1-6; anywhere = on every point.\n\
  videau=before-roll|whole-turn  (BG-7.2) \"Il est disponible à tout moment … Un joueur, à son \
tour, peut prendre le Videau\": before rolling (the default), or also after rolling, before \
moving.\n\
  jacoby=on|off, beavers=on|off, cube=on|off  (BG-7.5)\n\
Examples: \"seed\", \"seed hit-cover=opponent\", \"standard beavers=on\", \"seed videau=whole-turn\"";
