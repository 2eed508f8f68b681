// Golden files: compare output with a checked-in expected file; QDIFF_REGENERATE_GOLDEN=1 rewrites
// the expected files instead (then review the diff before committing).
#pragma once
#include <filesystem>
#include <string>

namespace qdiff::testing {

bool regenerating_golden();
// True when `actual` equals the file's content (or the file was regenerated).
bool matches_golden(const std::filesystem::path& expected_file, const std::string& actual);

}  // namespace qdiff::testing
