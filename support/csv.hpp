// RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines; CRLF or LF line ends.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace qdiff::support {

std::vector<std::vector<std::string>> parse_csv(std::string_view text);

}  // namespace qdiff::support
