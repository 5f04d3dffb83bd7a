# Debian's ClangTargets.cmake lists gRPC::grpc++ and protobuf::libprotobuf in
# the link interface of clangd's remote-index targets. find_package(gRPC)
# fails on bookworm (grpc_cpp_plugin is not packaged), so define imported
# stand-ins that point at the runtime libraries.
function(retrylint_find_runtime_lib out name)
  file(GLOB _candidates
    /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lib${name}.so
    /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lib${name}.so.*)
  list(SORT _candidates)
  if(_candidates)
    list(GET _candidates 0 _first)
    set(${out} ${_first} PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

function(retrylint_shim target libname)
  if(TARGET ${target})
    return()
  endif()
  retrylint_find_runtime_lib(_loc ${libname})
  if(_loc)
    add_library(${target} SHARED IMPORTED GLOBAL)
    set_target_properties(${target} PROPERTIES IMPORTED_LOCATION ${_loc})
  else()
    # Only clangd needs these at link time; others never link them.
    add_library(${target} INTERFACE IMPORTED GLOBAL)
  endif()
endfunction()

retrylint_shim(gRPC::grpc++ grpc++)
retrylint_shim(retrylint_grpc grpc)
retrylint_shim(retrylint_gpr gpr)
retrylint_shim(retrylint_absl_sync absl_synchronization)
retrylint_shim(protobuf::libprotobuf protobuf)
get_target_property(_grpc_type gRPC::grpc++ TYPE)
if(_grpc_type STREQUAL "SHARED_LIBRARY")
  set_property(TARGET gRPC::grpc++ PROPERTY INTERFACE_LINK_LIBRARIES
    retrylint_grpc retrylint_gpr retrylint_absl_sync)
endif()
