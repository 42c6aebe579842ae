// One Akelarre turn as a puzzle (TURN.json: hand, table, free places, favourite family) and the plain
// replay of a play through the rules engine: cards played, melds after, points captured for "me".
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/akelarre/PlayPhase.h"
#include "model/common/Json.h"

namespace tlaloc::akelarre {

struct TurnPosition {
    std::vector<Card> hand;
    std::vector<MeetingPlace> places;  // the table's melds, then the free places
    Family favourite = Family::Fairies;
    std::string me = "me";  // the owner name of the player on turn
};

// Every input check lives here: unknown cards, too many copies of a card (hand and table together),
// table melds that could not be on the table (invalid, or 5 cards, which would have been captured).
TurnPosition parse_turn(const Json& json, const std::string& file);
TurnPosition load_turn(const std::filesystem::path& file);
// The pinned format again (model/akelarre/TurnJson.cpp): parse_turn reads back the same turn, its
// free places numbered after the table's melds as the reader numbers them.
Json turn_to_json(const TurnPosition& turn);

struct CapturedMeld {
    int place = 0;  // place id
    std::string owner;
    std::vector<Card> cards;
    std::vector<Card> mine;  // the cards that reach my points pile
    int points_for_me = 0;
};

struct TurnOutcome {
    std::vector<Move> moves;
    int played = 0;  // hand cards that went onto the table
    int points = 0;  // points captured for me (the owner of another's place takes my 2 best cards)
    std::vector<MeetingPlace> places_after;
    std::vector<Card> hand_left;
    std::vector<CapturedMeld> captured;
};

// The cards of a completed meld that reach my pile: all five on my own place; on another's place its
// owner chooses 2, and we assume the 2 worth most to me (points captured are what is guaranteed).
std::vector<Card> my_share(const std::vector<Card>& completed, bool my_place, Family favourite);

// nullopt when `moves` is a legal play from `turn`, else the first move that breaks a rule and why,
// or the meld the play leaves being laid.
std::optional<std::string> why_illegal(const TurnPosition& turn, const std::vector<Move>& moves);
// Plays a legal play through the play phase. The solver's plays are legal by construction, so an
// illegal one here is a bug: std::logic_error with why_illegal's reason.
TurnOutcome replay_turn(const TurnPosition& turn, const std::vector<Move>& moves);

// {"played": 6, "points": 3, "melds": [...], "hand": [...], "captured": [...], "moves": [...]}
Json outcome_to_json(const TurnPosition& turn, const TurnOutcome& outcome);

}  // namespace tlaloc::akelarre
