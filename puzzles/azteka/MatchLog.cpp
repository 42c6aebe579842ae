// Writing and replaying Azteka match logs: every line is read and typed first (a malformed log is
// bad input), then the match is played again from the recorded actions and each recorded board and
// result compared with the rules'.
#include "puzzles/azteka/MatchLog.h"
#include "model/common/LogFormat.h"

namespace tlaloc::azteka {

namespace {

Json player_or_null(const std::optional<int>& p) { return p ? Json(*p) : Json(nullptr); }

Json holes_json(const std::vector<int>& holes) {
    Json out = Json::array();
    for (int h : holes) out.push_back({ring_of(h), sector_of(h)});
    return out;
}

}  // namespace

Json match_setup_line(const MatchSetup& setup) {
    Json players = Json::array();
    for (int p = 0; p < kMatchPlayers; ++p)
        players.push_back({{"player", p + 1}, {"bot", to_string(setup.bots[p])}});
    return {{"kind", "setup"},    {"format", log_format_text(kAztekaLog)}, {"seed", setup.seed},
            {"players", players}, {"round_turn_limit", kRoundTurnLimit},   {"variant", setup.variant}};
}

Json match_turn_line(int round, int number, const MatchTurn& turn) {
    Json actions = Json::array();
    for (std::size_t i = 0; i < turn.actions.size(); ++i)
        actions.push_back(
            action_to_json(turn.actions[i], i > 0 && turn.actions[i].kind == ActionKind::Place));
    return {{"kind", "turn"},
            {"round", round},
            {"turn", number},
            {"player", turn.player},
            {"side", side_name(turn.side)},
            {"actions", actions},
            {"disintegrated", holes_json(turn.disintegrated)},
            {"rings", position_to_json(turn.after).at("rings")}};
}

Json match_round_line(int round, const RoundResult& result) {
    const bool won = result.winner.has_value();
    return {{"kind", "round"},
            {"round", round},
            {"winner", won ? Json(side_name(*result.winner)) : Json(nullptr)},
            {"player", won ? Json(player_of(round, *result.winner)) : Json(nullptr)},
            {"goal", won ? Json(result.goal) : Json(nullptr)},
            {"pawns", won ? Json(result.pawns) : Json(nullptr)},
            {"turns", result.turns}};
}

Json match_end_line(const MatchVerdict& v) {
    return {{"kind", "end"},
            {"rounds_won", {v.rounds_won[0], v.rounds_won[1]}},
            {"pawns", {player_or_null(v.pawns[0]), player_or_null(v.pawns[1])}},
            {"winner", player_or_null(v.winner)},
            {"why", v.why}};
}

std::string match_log_text(const Match& match) {
    std::string out = match_setup_line(match.setup).dump() + "\n";
    for (std::size_t r = 0; r < match.rounds.size(); ++r) {
        const int round = static_cast<int>(r) + 1;
        const MatchRound& played = match.rounds[r];
        for (std::size_t t = 0; t < played.turns.size(); ++t)
            out += match_turn_line(round, static_cast<int>(t) + 1, played.turns[t]).dump() + "\n";
        out += match_round_line(round, played.result).dump() + "\n";
    }
    return out + match_end_line(match.verdict).dump() + "\n";
}

namespace {

struct LoggedTurn {
    std::string where;
    Json line;
    std::vector<Action> actions;
};

struct LoggedRound {
    std::vector<LoggedTurn> turns;
    Json end;
};

struct LoggedMatch {
    std::string variant;
    std::vector<LoggedRound> rounds;
    Json end;
};

std::string kind_of(const JsonLine& line) {
    const JsonPlace p(line.json, line.where);
    p.expect_object();
    return p.at("kind").as_string();
}

// The setup line's variant (the rest of it is checked and left: the seed and the seats choose moves,
// which the log records).
std::string read_setup(const JsonLine& line) {
    const JsonPlace p(line.json, line.where);
    p.expect_object();
    expect_log_kind(p, "setup");
    check_log_format(p, kAztekaLog);
    p.expect_only_keys({"kind", "format", "seed", "players", "round_turn_limit", "variant"});
    const JsonPlace variant = p.at("variant");
    if (!is_match_variant(variant.as_string()))
        variant.fail("unknown match variant \"" + variant.as_string() + "\" (standard, aggressive)");
    p.at("seed").as_int(0, kMatchMaxSeed);
    const JsonPlace players = p.at("players");
    if (players.size() != kMatchPlayers) players.fail("a match has 2 players");
    for (std::size_t i = 0; i < players.size(); ++i) {
        const JsonPlace seat = players.at(i);
        seat.expect_only_keys({"player", "bot"});
        if (seat.at("player").as_int(1, kMatchPlayers) != static_cast<std::int64_t>(i) + 1)
            seat.at("player").fail("players are numbered 1, 2 in order");
        if (!parse_match_bot(seat.at("bot").as_string()))
            seat.at("bot").fail("expected human, random, greedy or best");
    }
    const JsonPlace limit = p.at("round_turn_limit");
    if (limit.as_int(1, 1000000) != kRoundTurnLimit)
        limit.fail("tlaloc draws a round after " + std::to_string(kRoundTurnLimit) + " turns");
    return variant.as_string();
}

// The recorded action's kind and numbers; whether the rules allow it is the replay's question. A ring
// or sector the board does not have is bad input, as a place no game reaches is in an Akelarre log.
Action read_action(const JsonPlace& a) {
    a.expect_object();
    a.expect_only_keys({"place", "turn", "sectors", "skip", "birth"});
    if (auto birth = a.get("birth")) birth->as_bool();
    if (auto place = a.get("place")) {
        if (place->size() != 2) place->fail("expected [ring, sector]");
        return Action::place(static_cast<int>(place->at(0).as_int(0, kRings - 1)),
                             static_cast<int>(place->at(1).as_int(0, kSectors - 1)));
    }
    if (auto turn = a.get("turn")) {
        const int ring = static_cast<int>(turn->as_int(0, kRings - 1));
        const auto sectors = a.get("sectors");
        return sectors && sectors->as_int(1, 2) == 2 ? Action::turn_two(ring) : Action::turn(ring);
    }
    if (auto skip = a.get("skip")) {
        if (!skip->as_bool()) skip->fail("expected true");
        return Action::decline_birth();
    }
    a.fail("expected an action: place, turn or skip");
}

LoggedTurn read_turn(const JsonLine& line, int round, int number) {
    const JsonPlace p(line.json, line.where);
    p.expect_only_keys({"kind", "round", "turn", "player", "side", "actions", "disintegrated", "rings"});
    if (p.at("round").as_int(1, kMatchRounds) != round)
        p.at("round").fail("expected round " + std::to_string(round) + " here");
    if (p.at("turn").as_int(1, kRoundTurnLimit) != number)
        p.at("turn").fail("expected turn " + std::to_string(number) + " here");
    p.at("player").as_int(1, kMatchPlayers);
    p.at("side").as_string();
    LoggedTurn out{line.where, line.json, {}};
    const JsonPlace actions = p.at("actions");
    if (actions.size() == 0) actions.fail("a turn has at least one action");
    for (const JsonPlace& a : actions.items()) out.actions.push_back(read_action(a));
    for (const JsonPlace& h : p.at("disintegrated").items()) {
        if (h.size() != 2) h.fail("expected [ring, sector]");
        h.at(0).as_int(0, kRings - 1);
        h.at(1).as_int(0, kSectors - 1);
    }
    const JsonPlace rings = p.at("rings");
    if (rings.size() != kRings) rings.fail("expected 4 rings");
    for (const JsonPlace& r : rings.items()) r.as_string();
    return out;
}

void read_nullable_int(const JsonPlace& v, std::int64_t low, std::int64_t high) {
    if (!v.is_null()) v.as_int(low, high);
}

Json read_round_end(const JsonLine& line, int round) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "round");
    p.expect_only_keys({"kind", "round", "winner", "player", "goal", "pawns", "turns"});
    if (p.at("round").as_int(1, kMatchRounds) != round)
        p.at("round").fail("expected round " + std::to_string(round) + " here");
    // Names the log could never hold are malformed; a wrong one of them is the replay's finding.
    const JsonPlace winner = p.at("winner"), goal = p.at("goal");
    if (!winner.is_null() && winner.as_string() != "life" && winner.as_string() != "death")
        winner.fail("expected life, death or null");
    if (!goal.is_null() && goal.as_string() != "expand" && goal.as_string() != "dominate" &&
        goal.as_string() != "all pawns placed")
        goal.fail("expected expand, dominate, all pawns placed or null");
    read_nullable_int(p.at("player"), 1, kMatchPlayers);
    read_nullable_int(p.at("pawns"), 0, 14);
    p.at("turns").as_int(0, kRoundTurnLimit);
    return line.json;
}

Json read_end(const JsonLine& line) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "end");
    p.expect_only_keys({"kind", "rounds_won", "pawns", "winner", "why"});
    for (const char* key : {"rounds_won", "pawns"})
        if (p.at(key).size() != kMatchPlayers) p.at(key).fail("expected one entry per player");
    for (const JsonPlace& v : p.at("rounds_won").items()) v.as_int(0, kMatchRounds);
    for (const JsonPlace& v : p.at("pawns").items()) read_nullable_int(v, 0, 14);
    read_nullable_int(p.at("winner"), 1, kMatchPlayers);
    p.at("why").as_string();
    return line.json;
}

LoggedMatch read_match(const std::string& name, const std::string& content) {
    const std::vector<JsonLine> lines = parse_json_lines(name, content, "lines of an Azteka match log");
    LoggedMatch match;
    match.variant = read_setup(lines.front());
    std::size_t i = 1;
    auto next = [&](const std::string& what) -> const JsonLine& {
        if (i >= lines.size()) throw InputError(lines.back().where, "", "the log ends here, before " + what);
        return lines[i++];
    };
    for (int round = 1; round <= kMatchRounds; ++round) {
        LoggedRound r;
        const std::string round_end = "the end of round " + std::to_string(round);
        for (;;) {
            const JsonLine& line = next(round_end);
            const std::string kind = kind_of(line);
            if (kind != "turn" && kind != "round")
                JsonPlace(line.json, line.where)
                    .at("kind")
                    .fail("expected a \"turn\" or \"round\" line here, found \"" + kind + "\"");
            if (kind != "turn") {
                r.end = read_round_end(line, round);
                break;
            }
            r.turns.push_back(read_turn(line, round, static_cast<int>(r.turns.size()) + 1));
        }
        match.rounds.push_back(std::move(r));
    }
    match.end = read_end(next("the end line"));
    if (i < lines.size()) throw InputError(lines[i].where, "", "a line after the end line");
    return match;
}

std::optional<std::string> differs(const std::string& step, const Json& recorded, const Json& rules,
                                   const std::vector<std::string>& keys) {
    if (auto d = first_differing_key(recorded, rules, keys)) return step + ": " + *d;
    return std::nullopt;
}

// Plays one recorded turn on `g`; the first thing wrong with it, if any.
std::optional<std::string> check_turn(const LoggedTurn& t, int round, int number, Game& g) {
    const std::string step = "round " + std::to_string(round) + ", turn " + std::to_string(number);
    if (round_result(g, number - 1)) return step + ": the round is already over";
    MatchTurn turn;
    turn.side = g.position.to_move;
    turn.player = player_of(round, turn.side);
    turn.actions = t.actions;
    for (const Action& a : t.actions) {
        if (auto why = why_illegal(g, a)) return step + ": " + describe(a) + " is not legal: " + *why;
        Effects fx = apply(g, a);
        turn.disintegrated.insert(turn.disintegrated.end(), fx.disintegrated.begin(), fx.disintegrated.end());
    }
    if (!g.over() && g.position.to_move == turn.side)
        return step + ": the turn stops while Birth's bonus placement is open (place or skip)";
    turn.after = g.position;
    return differs(step, t.line, match_turn_line(round, number, turn),
                   {"player", "side", "actions", "disintegrated", "rings"});
}

}  // namespace

MatchReplay replay_match(const std::string& name, const std::string& content) {
    const LoggedMatch match = read_match(name, content);
    MatchReplay out;
    std::array<RoundResult, kMatchRounds> results{};
    for (int round = 1; round <= kMatchRounds; ++round) {
        const LoggedRound& r = match.rounds[round - 1];
        Game g = start_game(Position(profile_named(match.variant)));
        int number = 0;
        for (const LoggedTurn& t : r.turns) {
            ++number;
            ++out.turns;
            if ((out.wrong = check_turn(t, round, number, g))) return out;
        }
        const auto result = round_result(g, number);
        const std::string step = "round " + std::to_string(round);
        if (!result) {
            out.wrong = step + ": the log ends the round after " + std::to_string(number) +
                        " turns, but no goal is met and the turn limit is not reached";
            return out;
        }
        if ((out.wrong = differs(step, r.end, match_round_line(round, *result),
                                 {"winner", "player", "goal", "pawns", "turns"})))
            return out;
        results[round - 1] = *result;
        ++out.rounds;
    }
    out.wrong = differs("end", match.end, match_end_line(match_verdict(results)),
                        {"rounds_won", "pawns", "winner", "why"});
    return out;
}

}  // namespace tlaloc::azteka
