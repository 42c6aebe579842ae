// The `tlaloc` executable: one file per game or verb group registers its subcommands here. Commands
// are thin: parse options, call model/solver/verify, print. Bad input is thrown as InputError.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <exception>
#include <string>

namespace tlaloc::cli {

// A command that finished but found something false (a verification) reports exit code 1 here.
void set_exit_code(int code);
int exit_code();

// The one line the program prints for bad input or an exceeded limit ("tlaloc: FILE: PLACE: what");
// the studio answers the same text as {"error": ...}.
std::string error_line(const std::exception& error);

// Writes `text` to the file `out` atomically (write_file_atomically), or prints it when `out` is empty.
void emit(const std::string& out, const std::string& text);

// For options naming a file to write: an empty name, a folder or a folder that does not exist is a
// usage error (not "write nothing", nor an error after the work is done).
const CLI::Validator& output_path();
// For numeric options: digits only, at most `most` (a seed, a count of items).
CLI::Validator whole_number_at_most(std::uint64_t most);
// For options whose empty value would silently mean their default or nothing (a file to read, a
// folder to write into, a list of seats): "an empty <what>" is a usage error.
CLI::Validator nonempty(const std::string& what);

void add_xalapa_commands(CLI::App& app);
void add_aztlan_commands(CLI::App& app);
void add_verify_commands(CLI::App& app);
void add_azteka_commands(CLI::App& app);
void add_akelarre_commands(CLI::App& app);
void add_studio_command(CLI::App& app);

}  // namespace tlaloc::cli
