// The Akelarre rules engine, one rulebook sentence per test (quoted from the Italian rules), and the
// worked turn of Carlo played through it.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "model/akelarre/Game.h"
#include "model/akelarre/Meld.h"

using namespace tlaloc::akelarre;

namespace {

Card card(const char* name) { return parse_card(name, "test", "card"); }

std::vector<Card> cards(std::initializer_list<const char*> names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(card(n));
    return out;
}

Move from_hand(const char* c, int to) { return {card(c), std::nullopt, to}; }
Move taken(const char* c, int from, int to) { return {card(c), from, to}; }

// Two players, Carlo and Anna, each with the given hand; places as given; a deck of `deck` cards.
GameState two_players(std::vector<Card> carlo, std::vector<Card> anna, std::vector<MeetingPlace> places,
                      int deck = 20) {
    GameState s;
    s.players = {{"Carlo", Family::Fairies, carlo, {}, -1}, {"Anna", Family::Witches, anna, {}, -1}};
    s.places = places;
    auto all = creature_deck();
    s.deck.assign(all.begin(), all.begin() + deck);
    return s;
}

std::size_t total_cards(const GameState& s) {
    std::size_t n = s.deck.size();
    for (const auto& p : s.players) n += p.hand.size() + p.points_pile.size();
    for (const auto& pl : s.places) n += pl.cards.size();
    for (const auto& d : s.discards) n += d.size();
    return n;
}

}  // namespace

// "distribuite una carta a ogni giocatore ... distribuite sette carte ad ogni giocatore"; "Nella
// partita a 2 giocatori due luoghi d'incontro sono disponibili per ogni giocatore", 1 with 3-4.
TEST(AkelarreRules, DealGivesSevenCardsASecretFavouriteAndMeetingPlaces) {
    for (int n = 2; n <= 4; ++n) {
        GameSetup setup;
        for (int i = 0; i < n; ++i) setup.players.push_back("P" + std::to_string(i));
        setup.seed = 7;
        Game g = Game::deal(setup);
        std::set<Family> favourites;
        for (const auto& p : g.state().players) {
            EXPECT_EQ(p.hand.size(), 7u);
            favourites.insert(p.favourite);
        }
        EXPECT_EQ(favourites.size(), static_cast<std::size_t>(n));
        EXPECT_EQ(g.state().places.size(), static_cast<std::size_t>(n == 2 ? 4 : n));
        EXPECT_EQ(total_cards(g.state()), 105u);
    }
    EXPECT_EQ(Game::why_bad_setup(GameSetup{{"solo"}, {}, 0, 1}), "Akelarre is for 2-4 players");
    EXPECT_EQ(Game::why_bad_setup(GameSetup{{"a", "b", "c"}, {0, 1, 0}, 0, 1}),
              "teams are for the 4-player game: one team per player");
    EXPECT_EQ(Game::why_bad_setup(GameSetup{{"a", "b", "c", "d"}, {0, 1, 0, 0}, 0, 1}),
              "teams are two pairs: teams 0 and 1, two players each");
    EXPECT_EQ(Game::why_bad_setup(GameSetup{{"a", "b"}, {}, 2, 1}), "no such first player");
    EXPECT_EQ(Game::why_bad_setup(GameSetup{{"a", "b"}, {}, 1, 1}), std::nullopt);
    EXPECT_THROW(Game::deal(GameSetup{{"solo"}, {}, 0, 1}), std::logic_error);  // ask first
}

// "Esempio di turno di gioco": Carlo holds F2 F3 F4 D2 W2 W6 GJ, the table has the 5s of fairies,
// druids and witches. He lays the 2s, adds GJ to the 5s, frees F5 and runs it with F3 F4; W6 is left
// and he draws 6 cards from the deck.
TEST(AkelarreRules, CarlosWorkedTurn) {
    Game g(two_players(
        cards({"F2", "F3", "F4", "D2", "W2", "W6", "GJ"}), cards({"N2"}),
        {{0, "Anna", cards({"F5", "D5", "W5"})}, {1, "Carlo", {}}, {2, "Carlo", {}}, {3, "Anna", {}}}));
    for (const char* c : {"F2", "D2", "W2"}) g.play(from_hand(c, 1));
    g.play(from_hand("GJ", 0));
    EXPECT_EQ(describe(read_meld(g.state().places[0].cards)), "set of 5s, GJ = G5");
    g.play(taken("F5", 0, 2));
    g.play(from_hand("F3", 2));
    g.play(from_hand("F4", 2));
    EXPECT_EQ(g.state().players[0].hand, cards({"W6"}));
    EXPECT_EQ(g.state().places[0].cards, cards({"D5", "W5", "GJ"}));
    EXPECT_EQ(describe(read_meld(g.state().places[2].cards)), "run of fairies 3-5");
    g.end_play();
    g.draw_from_deck();
    EXPECT_EQ(g.state().players[0].hand.size(), 7u);
    EXPECT_EQ(g.state().deck.size(), 14u);  // "pesca 6 carte"
}

// "e' permesso sottrarre una carta dal poker" (only from 4 cards); "Nel caso una scala sia composta da
// quattro carte e' possibile sottrarre solo una delle due carte agli estremi"; "Non e' permesso
// aggiungere una carta sottratta ... alla propria mano" (a taken card only goes to another meld).
TEST(AkelarreRules, TakingOnlyFromFourCardMeldsAndOnlyRunEnds) {
    Game g(two_players(cards({"D3", "W3"}), {},
                       {{0, "Anna", cards({"F2", "F3", "F4", "F5"})},
                        {1, "Carlo", cards({"F6", "G6", "D6"})},
                        {2, "Carlo", {}}}));
    EXPECT_EQ(g.why_illegal(PlayCard{taken("F3", 0, 2)}),
              "F3 taken from place 0 to place 2: only an end card may be taken from a run");
    EXPECT_EQ(g.why_illegal(PlayCard{taken("G6", 1, 2)}),
              "G6 taken from place 1 to place 2: cards may be taken only from a meld of 4 cards");
    EXPECT_EQ(g.why_illegal(PlayCard{taken("F5", 0, 0)}),
              "F5 taken from place 0 to place 0: a taken card must go to another meld");
    g.play(taken("F2", 0, 2));
    EXPECT_EQ(g.why_illegal(PlayCard{taken("F5", 0, 2)}),
              "F5 taken from place 0 to place 2: cards may be taken only from a meld of 4 cards");
    g.play(from_hand("D3", 2));
    EXPECT_EQ(
        g.why_illegal(PlayCard{from_hand("W3", 2)}),
        "W3 from the hand to place 2: not a set: values differ (F2, D3); not a run: families differ (F2, "
        "D3)");
    // Playing a refused card is the caller's bug, and changes nothing.
    GameState before = g.state();
    EXPECT_THROW(g.play(from_hand("W3", 2)), std::logic_error);
    EXPECT_EQ(g.state().places[2].cards, before.places[2].cards);
    EXPECT_EQ(g.state().players[0].hand, before.players[0].hand);
}

// "Se tutti i luoghi d'incontro sono occupati, il giocatore non potra' creare una serie/scala nuova";
// a new meld may go on anyone's free place.
TEST(AkelarreRules, NewMeldsNeedAFreeMeetingPlace) {
    Game g(two_players(cards({"N2", "N3", "N4"}), {}, {{0, "Anna", cards({"F5", "D5", "W5"})}}));
    EXPECT_EQ(
        g.why_illegal(PlayCard{from_hand("N2", 0)}),
        "N2 from the hand to place 0: not a set: values differ (F5, N2); not a run: families differ (F5, "
        "D5)");
    EXPECT_EQ(g.why_illegal(PlayCard{from_hand("N2", 1)}),
              "N2 from the hand to meeting place #1 (none): no such meeting place");
    Game h(two_players(cards({"N2", "N3", "N4"}), {}, {{0, "Anna", {}}}));
    for (const char* c : {"N2", "N3", "N4"}) h.play(from_hand(c, 0));
    EXPECT_EQ(h.state().places[0].cards.size(), 3u);
    // A meld still being laid (1-2 cards) must not be left so.
    Game k(two_players(cards({"N2", "N3", "D6"}), {}, {{0, "Carlo", {}}}));
    k.play(from_hand("N2", 0));
    EXPECT_EQ(k.why_illegal(EndPlay{}), "the meld on place 0 has only 1 card (a new meld needs 3)");
}

// "Un giocatore che completa una serie/scala su un luogo d'incontro sotto il suo controllo, rimuove
// le 5 carte ... e le ripone sul proprio mazzo dei punti"; the place is free again.
TEST(AkelarreRules, CompletingOnTheOwnPlaceCapturesAllFive) {
    Game g(two_players(cards({"F5", "F6"}), {}, {{0, "Carlo", cards({"F2", "F3", "F4"})}}));
    g.play(from_hand("F5", 0));
    auto done = g.play(from_hand("F6", 0));
    ASSERT_TRUE(done);
    EXPECT_TRUE(g.state().places[0].free());
    EXPECT_EQ(g.state().players[0].points_pile.size(), 5u);
    EXPECT_EQ(pile_points(g.state().players[0].points_pile, Family::Fairies), 20);
}

// "deve pagare al padrone del luogo due carte che costui scegliera' fra quelle della serie/sequenza".
TEST(AkelarreRules, CompletingOnAnothersPlaceLetsTheOwnerChooseTwo) {
    Game g(two_players(cards({"N5", "G5"}), {}, {{0, "Anna", cards({"F5", "D5", "W5"})}}));
    g.play(from_hand("N5", 0));
    g.play(from_hand("G5", 0));
    EXPECT_EQ(g.state().phase, Phase::OwnerChooses);
    EXPECT_EQ(g.why_illegal(EndPlay{}), "the place's owner must first choose 2 cards: cannot end the play");
    EXPECT_EQ(g.why_illegal(OwnerChooses{card("W5"), card("N4")}),
              "the owner chooses 2 cards of the completed meld");
    g.owner_chooses(card("W5"), card("F5"));
    EXPECT_EQ(g.state().players[1].points_pile, cards({"W5", "F5"}));
    EXPECT_EQ(g.state().players[0].points_pile.size(), 3u);
    EXPECT_EQ(g.state().phase, Phase::Play);
}

// "Se il giocatore non vuole o non puo' giocare nessuna carta, e' obbligato a scartare una carta ...
// sulla pila degli scarti della stessa famiglia."
TEST(AkelarreRules, PlayingNothingMeansDiscardingOne) {
    Game g(two_players(cards({"N2", "W6"}), {}, {}));
    EXPECT_EQ(g.why_illegal(EndPlay{}), "a player who plays nothing must discard a card");
    EXPECT_EQ(g.why_illegal(Discard{card("F2")}), "F2 is not in the hand");
    g.discard(card("W6"));
    EXPECT_EQ(g.why_illegal(Discard{card("N2")}), "one card is discarded, not more");
    EXPECT_EQ(g.why_illegal(PlayCard{from_hand("N2", 0)}),
              "a player who discarded plays nothing more this turn");
    EXPECT_EQ(g.state().discards[static_cast<int>(Family::Witches)], cards({"W6"}));
    g.end_play();
    EXPECT_EQ(g.state().phase, Phase::Draw);
}

// "pesca carte fino a completare la sua mano di sette carte o fino a esaurimento del mazzo";
// "Non e' consentito prendere carte da due mazzi diversi nello stesso turno."
TEST(AkelarreRules, DrawingFromADiscardPileStopsWhenItIsEmpty) {
    GameState s = two_players(cards({"N2", "W6"}), {}, {});
    s.discards[static_cast<int>(Family::Druids)] = cards({"D2", "D3"});
    Game g(s);
    g.discard(card("N2"));
    g.end_play();
    EXPECT_EQ(g.why_illegal(EndTurn{}), "draw before ending the turn");
    EXPECT_EQ(g.why_illegal(DrawFromDiscards{Family::Fairies}), "the fairies discard pile is empty");
    g.draw_from_discards(Family::Druids);
    EXPECT_EQ(g.state().players[0].hand.size(), 3u);                     // fewer than 7: the pile ran out
    EXPECT_EQ(g.why_illegal(DrawFromDeck{}), "not the moment to draw");  // a second source
    g.end_turn();
    EXPECT_EQ(g.state().current, 1);
}

// "un giocatore puo' decidere di comprare un luogo d'incontro ... deve scartare 5 carte a scelta dal
// suo mazzo dei punti che vengono aggiunte ai mazzi degli scarti."
TEST(AkelarreRules, BuyingAMeetingPlaceCostsFivePointsPileCards) {
    GameState s = two_players(cards({"N2"}), {}, {{0, "Carlo", {}}});
    s.players[0].points_pile = cards({"F2", "F3", "G4", "D5", "WJ", "N6"});
    Game g(s);
    g.discard(card("N2"));
    g.end_play();
    EXPECT_EQ(g.why_illegal(BuyPlace{cards({"F2", "F3", "G4", "D5", "WJ"})}),
              "not the moment to buy a meeting place");  // draw first
    g.draw_from_deck();
    EXPECT_EQ(g.why_illegal(BuyPlace{cards({"F2", "F3", "G4", "D5"})}),
              "a meeting place costs 5 cards of the points pile");
    EXPECT_EQ(g.why_illegal(BuyPlace{cards({"F2", "F3", "G4", "D5", "D6"})}), "D6 is not in the points pile");
    g.buy_place(cards({"F2", "F3", "G4", "D5", "WJ"}));
    EXPECT_EQ(g.state().players[0].points_pile, cards({"N6"}));
    EXPECT_EQ(g.state().places.size(), 2u);
    EXPECT_EQ(g.state().places[1].owner, "Carlo");
    EXPECT_EQ(g.state().discards[static_cast<int>(Family::Fairies)].size(), 2u);
}

// "Il numero contenuto nella freccia diretta verso il centro del tavolo, indica quante scale/serie un
// giocatore puo' tenere davanti a se": the Forest Spirit card's arrows run 1-3 (Decision in
// docs/akelarre.md), so a player holds at most 3 meeting places, free or not; a purchase beyond that
// is refused, and the other players' places do not count.
TEST(AkelarreRules, TheForestSpiritArrowsLetAPlayerHoldAtMostThreeMeetingPlaces) {
    EXPECT_EQ(most_places_held(), 3);
    GameState s = two_players(
        cards({"N2", "N3"}), cards({"N4"}),
        {{0, "Carlo", {}}, {1, "Carlo", cards({"F2", "F3", "F4"})}, {2, "Anna", {}}, {3, "Anna", {}}});
    s.players[0].points_pile = cards({"F2", "F3", "G4", "D5", "WJ", "N6", "G2", "G3", "D2", "D3"});
    Game g(s);
    g.discard(card("N2"));
    g.end_play();
    g.draw_from_deck();
    EXPECT_EQ(places_held(g.state(), "Carlo"), 2);
    g.buy_place(cards({"F2", "F3", "G4", "D5", "WJ"}));  // the card turns to its arrow 3
    EXPECT_EQ(places_held(g.state(), "Carlo"), 3);
    EXPECT_EQ(g.why_illegal(BuyPlace{cards({"N6", "G2", "G3", "D2", "D3"})}),
              "Carlo already holds 3 meeting places, the most the Forest Spirit card's arrows allow");
    g.end_turn();
    EXPECT_EQ(places_held(g.state(), "Anna"), 2);
}

// "Il giocatore che ha piu' punti vince il gioco. In caso di parita' la partita e' patta": a tie for
// the most points is a draw; a tie lower down is not (Decision in docs/akelarre.md).
TEST(AkelarreRules, TheMostPointsWinAndATieForTheMostIsADraw) {
    EXPECT_EQ(winner_of({37, 3}), 0);
    EXPECT_EQ(winner_of({12, 40, 39, 7}), 1);
    EXPECT_EQ(winner_of({30, 30}), std::nullopt);
    EXPECT_EQ(winner_of({10, 30, 30}), std::nullopt);
    EXPECT_EQ(winner_of({30, 10, 10}), 0);
    // The +8 is part of the points compared: A has fewer card points but the most cards.
    std::vector<Player> players = {{"A", Family::Fairies, {}, cards({"G2", "G3", "D2", "D3"}), -1},
                                   {"B", Family::Goblins, {}, cards({"G6", "G5"}), -1}};
    EXPECT_EQ(winner_of(player_totals(final_scores(players))), 0);  // 4 + 8 against 11
}

// "Mescolate il mazzo ... Inizia il giocatore che ha piu' colore verde": the table picks who begins;
// tlaloc draws it from the seed (Decision in docs/akelarre.md), and every seat begins some games.
TEST(AkelarreRules, TheSeedDrawsTheFirstPlayer) {
    for (int players = 2; players <= 4; ++players) {
        std::set<int> first;
        for (std::uint64_t seed = 0; seed < 100; ++seed) {
            const int f = seeded_first_player(seed, players);
            ASSERT_GE(f, 0);
            ASSERT_LT(f, players);
            first.insert(f);
        }
        EXPECT_EQ(first.size(), static_cast<std::size_t>(players)) << players << " players";
    }
    EXPECT_EQ(seeded_first_player(7, 3), seeded_first_player(7, 3));
}

// "Quando l'ultima carta del mazzo ... viene pescata la partita termina. A turno i giocatori possono
// giocare ... in un ultimo turno. Completato il giro, con colui che ha pescato l'ultima carta".
TEST(AkelarreRules, TheLastRoundEndsWithWhoeverDrewTheLastCard) {
    Game g(two_players(cards({"N2", "W6", "F2"}), cards({"N3", "N4"}), {}, 3));
    g.discard(card("N2"));
    g.end_play();
    g.draw_from_deck();  // Carlo takes the last 3 cards
    EXPECT_EQ(g.state().last_drawer, 0);
    g.end_turn();
    EXPECT_EQ(g.state().current, 1);  // Anna's last turn
    g.discard(card("N3"));
    g.end_play();
    EXPECT_EQ(g.state().phase, Phase::Buy);  // nothing to draw in the last round
    g.end_turn();
    EXPECT_EQ(g.state().current, 0);  // Carlo, the drawer, plays last
    g.discard(card("W6"));
    g.end_play();
    g.end_turn();
    EXPECT_EQ(g.state().phase, Phase::Over);
    EXPECT_EQ(g.why_illegal(Discard{card("F2")}), "the game is over: cannot discard");
    EXPECT_EQ(g.why_illegal(EndTurn{}), "the game is over: cannot end the turn");
}

// "Le creature della famiglia indicata ... danno i punti indicati dal loro valore mentre tutte le
// altre carte danno solo un punto. Le carte Jolly non danno punti. ... si sommano 8 punti bonus al
// giocatore che possiede piu' carte" (tied players all get it: a decision, see docs/akelarre.md).
TEST(AkelarreRules, ScoringFavouriteFamilyJokersAndTheBonus) {
    std::vector<Player> players = {{"A", Family::Fairies, {}, cards({"F6", "F2", "G6", "FJ"}), -1},
                                   {"B", Family::Goblins, {}, cards({"F6", "G6", "G5", "GJ"}), -1},
                                   {"C", Family::Nymphs, {}, cards({"N2"}), -1}};
    auto s = final_scores(players);
    EXPECT_EQ(s[0].points, 6 + 2 + 1 + 0);
    EXPECT_EQ(s[1].points, 1 + 6 + 5 + 0);
    EXPECT_TRUE(s[0].most_cards && s[1].most_cards);
    EXPECT_FALSE(s[2].most_cards);
    EXPECT_EQ(s[0].total, 17);
    EXPECT_EQ(s[2].total, 2);
    // Nobody captured anything: no bonus.
    std::vector<Player> empty = {{"A", Family::Fairies, {}, {}, -1}, {"B", Family::Goblins, {}, {}, -1}};
    EXPECT_FALSE(final_scores(empty)[0].most_cards);
}

// "i punti della squadra si ottengono dalla somma dei punti dei suoi membri ... ogni giocatore continua
// a contare i punti solo per la sua creatura favorita".
TEST(AkelarreRules, TeamsAddTheirMembersScores) {
    std::vector<Player> players = {{"A", Family::Fairies, {}, cards({"F6", "G6"}), 0},
                                   {"B", Family::Goblins, {}, cards({"F5"}), 1},
                                   {"C", Family::Goblins, {}, cards({"F6", "G6"}), 0},
                                   {"D", Family::Nymphs, {}, {}, 1}};
    auto s = final_scores(players);
    auto t = team_totals(players, s);
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0], (6 + 1 + 8) + (1 + 6 + 8));
    EXPECT_EQ(t[1], 1);
}
