// Running the qdiff executable from a test: a scratch folder of the test process, files written into it,
// and one command run with its standard streams captured.
#pragma once
#include <filesystem>
#include <string>

namespace qdiff::testing {

struct CliRun {
    int exit_code;
    std::string out, err;
};

// A folder of this test process (made on first use), for inputs and captured outputs.
std::filesystem::path scratch_dir();
// Writes `content` to scratch_dir() / name (its folders made) and returns the path.
std::filesystem::path write_scratch(const std::string& name, const std::string& content);
// Runs `qdiff ARGS` with `input` on standard input; standard output and error are captured.
CliRun run_cli(const std::string& args, const std::string& input = "");

}  // namespace qdiff::testing
