// The census: every distinct challenge the box can deal at a level (puzzles/xalapa/Atlas.h numbers
// them), or a uniform sample of them, solved, and a summary of the results. Items are numbered once,
// so shards (index mod N, or draw mod N for a sample) are independent and any batch system can run
// them.
#pragma once
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "puzzles/xalapa/Atlas.h"
#include "puzzles/xalapa/Catalogue.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

// One basic-level deal: the four bottom cards under printed 1, printed 2, "1 stone", "2 stones".
using CensusItem = AtlasItem;

// Symmetric duplicates removed: the two "1" columns (and the two "2" columns) may swap cards;
// board sides with the same fields count once; position cards whose 3-stone sides are rotations of
// each other count once. Listed by plain loops, in the order LevelAtlas numbers the basic level;
// atlas_challenge() gives each item's challenge.
std::vector<CensusItem> basic_census_items(const Catalogue& catalogue);

// One line of a census file: a deal of a level and its proved optimum.
struct CensusLine {
    Level level = Level::Basic;
    std::int64_t index = 0, of = 0;  // the item's number in a census of `of` items
    std::string board, position;
    int side = 3;                      // the position card's side
    std::vector<DealtColumn> columns;  // every column in deal order (basic: the fixed tops too)
    int penalty = 0;
    std::vector<Cell> stones;  // an optimal stone set
    std::vector<int> unmet;    // the columns whose task the optimum gives up, ascending
    bool formation_unmet = false;
    bool unique = false;              // the optimal stone set is the only one
    std::optional<std::string> tier;  // the difficulty level (Difficulty.h), when rated
    bool sample = false;              // drawn at random (seed, draw) rather than item by item
    std::uint64_t seed = 0;
    std::int64_t draw = 0;
    // (K, N) of the run that wrote it
    std::optional<std::pair<std::int64_t, std::int64_t>> shard = std::nullopt;
};

// {"level", "index", "of", "board", "position", "cards", "penalty", "stones", "unmet" (columns, then
// "formation"), "unique"}, plus "side" past the basic level, "tier" when rated and "sample", "seed",
// "draw" for a sample, "shard" ("K/N") when the run that wrote it said: one JSON line. "cards" at the basic
// level lists the 4 bottom cards; at the other levels every column as [top, bottom].
Json census_line_to_json(const CensusLine& line);
// Reads one line's JSON (a line without "level" is a basic-level line); the board, position and
// cards must be the catalogue's, as many columns as the level deals, the stones on the board.
// Anything else is an InputError naming the element.
CensusLine parse_census_line(const JsonPlace& where, const Catalogue& catalogue);
// Every line of a census file (`name` names it in errors, with the line number: "FILE:LINE"); blank
// lines are skipped, a file without any line is an InputError. All lines belong to one census of
// `of` items (-1: the first line sets it).
std::vector<CensusLine> parse_census_lines(const std::string& name, const std::string& content,
                                           const Catalogue& catalogue, std::int64_t& of);

// The lines of one level read from any number of files, each item (or draw) once.
struct CensusRun {
    Level level = Level::Basic;
    bool sample = false;
    std::int64_t of = 0;
    std::set<std::uint64_t> seeds;                                       // of a sample
    std::map<std::pair<std::uint64_t, std::int64_t>, CensusLine> lines;  // by (seed, draw) or (0, index)
    std::int64_t duplicates = 0;
    std::vector<std::string> duplicate_notes;  // the first few: "index 5 (a.jsonl:3, b.jsonl:9)"
    // Shards named by the lines' "shard" (K/N) and the files holding each: a shard in two files
    // was run twice.
    std::map<std::pair<std::int64_t, std::int64_t>, std::set<std::string>> shard_files;
};

// What is missing from a run, as far as its lines tell: a full census should hold every index below
// `of`, a sample every draw below its highest one (the sample's size is not in its lines). With
// "shard" in the lines, each missing item is put down to its shard.
struct CensusGaps {
    std::int64_t missing = 0;
    std::vector<std::int64_t> first;  // the first few missing indexes (draws, for a sample)
    // K/N -> (missing, items the shard should hold), for every shard with something missing
    std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>> shards;
    std::vector<std::string> twice;  // "K/N in a.jsonl and b.jsonl"
};
CensusGaps census_gaps(const CensusRun& run);
// The gaps and the lines there twice: as JSON ({"missing", "missing_first", "missing_by_shard",
// "duplicates", "shards_in_several_files"}) and as text, one line each ("" when there are none).
Json census_gaps_json(const CensusRun& run);
std::string census_gaps_text(const CensusRun& run);
// Reads census files (name, content) into one run per level. A level whose lines mix a sample with
// item-by-item lines, or census sizes, is an InputError naming the file and the line.
std::map<Level, CensusRun> read_census_runs(const std::vector<std::pair<std::string, std::string>>& files,
                                            const Catalogue& catalogue);

// The cards of a line with the column each lies in (printed numbers are not cards; the basic level's
// fixed tops lie in every deal and are left out).
std::vector<std::pair<std::string, int>> census_line_cards(const CensusLine& line);

// A run's figures, counted once for the text summary and the HTML report.
struct CensusTally {
    std::map<int, std::int64_t> penalties;  // penalty -> items
    std::int64_t gave_up = 0, unique = 0, penalty_sum = 0;
    std::int64_t rated = 0;                                                   // lines with a tier
    std::map<std::string, std::int64_t> tiers;                                // tier -> lines
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> card_unmet;  // card -> (unmet, seen)
    std::vector<const CensusLine*> by_penalty;                                // hardest first
    std::vector<std::pair<double, std::string>> card_rates;                   // highest unmet share first
};
CensusTally tally_census(const CensusRun& run);

struct CensusRecordOptions {
    bool rate = true;  // record the difficulty level ("tier")
    bool sample = false;
    std::uint64_t seed = 0;
    std::int64_t draw = 0;
    std::optional<std::pair<std::int64_t, std::int64_t>> shard = std::nullopt;
};

// What every line of one shard's file must be, so that a stopped shard can continue where it
// stopped: its level, census size, sample seed, shard, and rated or not; line j is item (or draw)
// K + j N.
struct CensusShardSpec {
    const LevelAtlas* atlas = nullptr;
    bool sample = false, rated = true;
    std::uint64_t seed = 0;
    std::int64_t k = 0, n = 1;
};
struct CensusResume {
    std::int64_t lines = 0;      // complete lines kept: the shard continues with its item `lines`
    std::size_t keep_bytes = 0;  // the file is cut back to this length (a cut last line dropped)
    bool cut = false;            // a last line without its line break was dropped
};
// Reads what a stopped shard wrote (`content` of the file `name`): every complete line must be the
// shard's next line under `spec`, else an InputError naming the file and the line. A last line
// without its line break (the process was killed while writing it) is dropped.
CensusResume census_resume_point(const std::string& name, const std::string& content,
                                 const Catalogue& catalogue, const CensusShardSpec& spec);

// Solves one item (optimum proved, uniqueness counted up to 2, rated unless told not to): the JSON
// line of the census file.
Json census_record(ChallengeSolver& solver, const Catalogue& catalogue, const AtlasItem& item,
                   std::int64_t total, const CensusRecordOptions& options = {});

// "K/N" (digits, 0 <= K < N <= 2^40): shard K of N, the items (or draws) whose number mod N is K;
// nullopt for anything else.
std::optional<std::pair<std::int64_t, std::int64_t>> parse_shard(const std::string& text);

// The challenge index of draw `draw` of a sample with `seed` from `count` challenges: uniform, and
// the same for a seed and draw whichever shard draws it.
std::int64_t sample_index(std::uint64_t seed, std::int64_t draw, std::int64_t count);

// Merges census files (name, content) from any number of shards into a report, reading each line
// with parse_census_line. Returns the JSON summary (one level: its summary; several: {"levels": [...]});
// `text` gets the human report.
Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files,
                      const Catalogue& catalogue, std::string& text);

}  // namespace tlaloc::xalapa
