#include "support/cli.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "support/corpus.hpp"

namespace qdiff::testing {

std::filesystem::path scratch_dir() {
    auto dir = std::filesystem::temp_directory_path() / ("qdiff_tests_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

std::filesystem::path write_scratch(const std::string& name, const std::string& content) {
    auto path = scratch_dir() / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

CliRun run_cli(const std::string& args, const std::string& input) {
    auto in = write_scratch("stdin", input), out = scratch_dir() / "stdout", err = scratch_dir() / "stderr";
    std::string command =
        std::string(QDIFF_CLI_PATH) + " " + args + " < " + in.string() + " > " + out.string() + " 2> " + err.string();
    int status = std::system(command.c_str());
    return {WEXITSTATUS(status), read_file(out), read_file(err)};
}

}  // namespace qdiff::testing
