// Undefines the internal macros of detail/macro_scope.hpp and the X-macro
// lists defined beside their data; included last by the umbrella header only.
// The public macros (abi_macros.hpp, config.hpp) stay defined.
// standin: not-self-contained
#undef STANDIN_MACRO_SCOPE_ACTIVE
#undef STANDIN_DECL
#undef STANDIN_DEFINITIONS
#undef STANDIN_LIKELY
#undef STANDIN_UNLIKELY
#undef STANDIN_ALWAYS_INLINE
#undef STANDIN_NOINLINE
#undef STANDIN_VECTORIZE
#undef STANDIN_VECTOR_EXTENSIONS
#undef STANDIN_BUILTIN_FN
#undef STANDIN_OPCODES
