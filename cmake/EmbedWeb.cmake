# The pages of `qdiff report` and `qdiff serve` (web/*.html, *.css, *.js) are compiled into the
# binary, looked up by file name through cli/web_assets.hpp.
file(GLOB QDIFF_WEB_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/web/*.html
     ${CMAKE_CURRENT_SOURCE_DIR}/web/*.css ${CMAKE_CURRENT_SOURCE_DIR}/web/*.js)
qdiff_embed_files(${CMAKE_CURRENT_BINARY_DIR}/generated_web.cpp qdiff::cli web_files std::string_view NAME ${QDIFF_WEB_FILES})
