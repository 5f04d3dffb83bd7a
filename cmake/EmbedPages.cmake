# cmake -DOUT=<file.inc> -DDIR=<docs/checks> -P EmbedPages.cmake
# Writes each check's page (docs/checks/<name>.md) as a C++ raw string, so
# SARIF's help.markdown, `retrylint explain` and the summaries carry the
# page itself, installed or not.
file(GLOB pages ${DIR}/*.md)
list(SORT pages)
set(text "// Generated from docs/checks/*.md by cmake/EmbedPages.cmake.\n")
foreach(page ${pages})
  get_filename_component(name ${page} NAME_WE)
  file(READ ${page} body)
  string(FIND "${body}" ")rlpage\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${page} contains the raw-string delimiter )rlpage\"")
  endif()
  string(APPEND text "{\"${name}\", R\"rlpage(${body})rlpage\"},\n")
endforeach()
file(WRITE ${OUT}.tmp "${text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
