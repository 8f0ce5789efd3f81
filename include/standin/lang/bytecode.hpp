// The guest bytecode: a stack machine modelled on CPython 3.11's. One
// instruction has one opcode, one 32-bit argument and one explicit effect on
// the value stack (the table below); the tracer walks it symbolically.
// Differences from CPython kept deliberately small and documented here:
//  - arguments are 32 bits wide (no EXTENDED_ARG, no inline caches);
//  - jump arguments are absolute instruction indices (the offsets `dis` prints
//    count instructions, not bytes);
//  - a frame's cells are created by the frame prologue, not MAKE_CELL/COPY_FREE_VARS;
//  - exception handling uses an exception table (as 3.11): on an exception the
//    stack is cut to the entry's depth, the exception pushed, and control goes
//    to the handler.
// Counterpart: CPython's Include/opcode.h, Lib/opcode.py and stack_effect().
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <cstdint>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

// X(name, stack effect when not jumping, stack effect when jumping)
// "v" effects depend on the argument and are computed in stack_effect().
#define STANDIN_OPCODES(X)                                                                          \
    X(NOP)                    /* -                                                     */           \
    X(POP_TOP)                /* a ->                                                  */           \
    X(PUSH_NULL)              /* -> NULL                                               */           \
    X(COPY)                   /* arg n: push a copy of the n-th item from the top      */           \
    X(SWAP)                   /* arg n: swap top with the n-th item                    */           \
    X(LOAD_CONST)             /* -> consts[arg]                                        */           \
    X(LOAD_FAST)              /* -> locals[arg] (UnboundLocalError if unset)           */           \
    X(STORE_FAST)             /* v ->                                                  */           \
    X(DELETE_FAST)            /* -                                                     */           \
    X(LOAD_DEREF)             /* -> contents of cell arg (cells then free vars)        */           \
    X(STORE_DEREF)            /* v ->                                                  */           \
    X(LOAD_CLOSURE)           /* -> the cell arg itself (to build closures)            */           \
    X(DELETE_DEREF)           /* - (empties cell arg; unbound raises)                  */           \
    X(LOAD_CLASSDEREF)        /* class body: locals dict, else the cell                 */          \
    X(LOAD_GLOBAL)            /* arg = namei<<1 | push_null: -> [NULL] value           */           \
    X(STORE_GLOBAL)           /* v ->                                                  */           \
    X(DELETE_GLOBAL)          /* -                                                     */           \
    X(LOAD_NAME)              /* class bodies: locals dict, globals, builtins          */           \
    X(STORE_NAME)             /* v ->                                                  */           \
    X(DELETE_NAME)            /* -                                                     */           \
    X(LOAD_ATTR)              /* obj -> obj.names[arg]                                 */           \
    X(LOAD_METHOD)            /* obj -> meth self | NULL attr                          */           \
    X(STORE_ATTR)             /* v obj -> (obj.name = v)                               */           \
    X(DELETE_ATTR)            /* obj ->                                                */           \
    X(BINARY_OP)              /* a b -> a op b (arg: NB_* below)                       */           \
    X(UNARY_POSITIVE)         /* a -> +a                                               */           \
    X(UNARY_NEGATIVE)         /* a -> -a                                               */           \
    X(UNARY_NOT)              /* a -> not a                                            */           \
    X(UNARY_INVERT)           /* a -> ~a                                               */           \
    X(COMPARE_OP)             /* a b -> a cmp b (arg: CMP_* below)                     */           \
    X(IS_OP)                  /* a b -> a is b (arg 1: is not)                         */           \
    X(CONTAINS_OP)            /* a b -> a in b (arg 1: not in)                         */           \
    X(BINARY_SUBSCR)          /* c k -> c[k]                                           */           \
    X(STORE_SUBSCR)           /* v c k -> (c[k] = v)                                   */           \
    X(DELETE_SUBSCR)          /* c k ->                                                */           \
    X(BUILD_SLICE)            /* arg 2 or 3 items -> slice                             */           \
    X(BUILD_TUPLE)            /* arg items -> tuple                                    */           \
    X(BUILD_LIST)             /* arg items -> list                                     */           \
    X(BUILD_MAP)              /* arg key/value pairs -> dict                           */           \
    X(BUILD_STRING)           /* arg strings -> concatenation                          */           \
    X(LIST_APPEND)            /* v -> (stack[-arg].append(v)), comprehensions          */           \
    X(MAP_ADD)                /* k v -> (stack[-arg][k] = v)                           */           \
    X(LIST_EXTEND)            /* it -> (stack[-arg].extend(it))                        */           \
    X(DICT_UPDATE)            /* m -> (stack[-arg].update(m)); dict_merge_flag: merge  */           \
    X(LIST_TO_TUPLE)          /* list -> tuple                                         */           \
    X(BUILD_SET)              /* arg items -> set                                      */           \
    X(SET_ADD)                /* v -> (stack[-arg].add(v)), comprehensions             */           \
    X(SET_UPDATE)             /* it -> (stack[-arg].update(it))                        */           \
    X(FORMAT_VALUE)           /* v [spec] -> str; arg & 3: 0 none 1 str 2 repr, & 4 spec */         \
    X(UNPACK_SEQUENCE)        /* seq -> items (first on top)                           */           \
    X(UNPACK_EX)              /* seq -> items; arg = before | after << 8 (one starred) */           \
    X(GET_ITER)               /* obj -> iter(obj)                                      */           \
    X(FOR_ITER)               /* it -> it next | (exhausted: pop it, jump to arg)      */           \
    X(JUMP_FORWARD)           /* jump to arg (forward)                                 */           \
    X(JUMP_BACKWARD)          /* jump to arg (a loop's back edge)                      */           \
    X(POP_JUMP_IF_FALSE)      /* v -> ; jump to arg when not v                         */           \
    X(POP_JUMP_IF_TRUE)       /* v -> ; jump to arg when v                             */           \
    X(JUMP_IF_FALSE_OR_POP)   /* v -> v (jump) | -> (fall through)                     */           \
    X(JUMP_IF_TRUE_OR_POP)    /* v -> v (jump) | -> (fall through)                     */           \
    X(RETURN_VALUE)           /* v -> (returns v)                                      */           \
    X(KW_NAMES)               /* next CALL's last len(consts[arg]) args are keywords   */           \
    X(CALL)                   /* NULL|f f|self args -> result                          */           \
    X(CALL_FUNCTION_EX)       /* NULL f argtuple [kwdict (arg & 1)] -> result          */           \
    X(MAKE_FUNCTION)          /* [defaults] [kwdefaults] [closure] code -> function    */           \
    X(LOAD_BUILD_CLASS)       /* -> __build_class__                                    */           \
    X(RAISE_VARARGS)          /* arg 0: re-raise, 1: exc, 2: exc cause                 */           \
    X(RERAISE)                /* exc -> (raises exc again, traceback kept)             */           \
    X(PUSH_EXC_INFO)          /* exc -> prev exc (exc becomes the handled exception)   */           \
    X(POP_EXCEPT)             /* prev -> (prev becomes the handled exception again)    */           \
    X(CHECK_EXC_MATCH)        /* exc type -> exc bool                                  */           \
    X(LOAD_ASSERTION_ERROR)   /* -> AssertionError                                     */           \
    X(IMPORT_NAME)            /* fromlist -> module (top package unless fromlist)      */           \
    X(IMPORT_FROM)            /* module -> module module.names[arg]                    */           \
    X(IMPORT_STAR)            /* module -> (its public names stored in the namespace)  */           \
    X(BEFORE_WITH)            /* mgr -> exit enter_result                              */           \
    X(WITH_EXCEPT_START)      /* exit prev exc -> exit prev exc exit(type, exc, None)  */           \
    X(RETURN_GENERATOR)       /* -> (returns a generator of this frame; resumed: sent) */           \
    X(YIELD_VALUE)            /* v -> sent (suspends the frame, v to the resumer)      */           \
    X(SEND)                   /* recv v -> recv yielded | (done: -> result, jump)      */           \
    X(GET_YIELD_FROM_ITER)    /* obj -> iter(obj) (a generator stays itself)           */

enum class Opcode : std::uint8_t {
#define STANDIN_OPCODE_ENUM(name) name,
    STANDIN_OPCODES(STANDIN_OPCODE_ENUM)
#undef STANDIN_OPCODE_ENUM
};

inline constexpr std::size_t opcode_count = 0
#define STANDIN_OPCODE_COUNT(name) +1
    STANDIN_OPCODES(STANDIN_OPCODE_COUNT)
#undef STANDIN_OPCODE_COUNT
    ;

inline constexpr std::string_view opcode_name(Opcode op) noexcept {
    constexpr std::string_view names[] = {
#define STANDIN_OPCODE_NAME(name) #name,
        STANDIN_OPCODES(STANDIN_OPCODE_NAME)
#undef STANDIN_OPCODE_NAME
    };
    return names[static_cast<std::size_t>(op)];
}

// BINARY_OP arguments, numbered as CPython 3.11's NB_* (in-place forms + 13).
enum BinaryOp : std::uint32_t {
    NB_ADD, NB_AND, NB_FLOOR_DIVIDE, NB_LSHIFT, NB_MATRIX_MULTIPLY, NB_MULTIPLY, NB_REMAINDER,
    NB_OR, NB_POWER, NB_RSHIFT, NB_SUBTRACT, NB_TRUE_DIVIDE, NB_XOR,
    NB_INPLACE_ADD, NB_INPLACE_AND, NB_INPLACE_FLOOR_DIVIDE, NB_INPLACE_LSHIFT,
    NB_INPLACE_MATRIX_MULTIPLY, NB_INPLACE_MULTIPLY, NB_INPLACE_REMAINDER, NB_INPLACE_OR,
    NB_INPLACE_POWER, NB_INPLACE_RSHIFT, NB_INPLACE_SUBTRACT, NB_INPLACE_TRUE_DIVIDE, NB_INPLACE_XOR,
};
inline constexpr std::uint32_t nb_inplace_offset = NB_INPLACE_ADD;
// DICT_UPDATE's arg with this bit is CPython's DICT_MERGE: a key already in
// the dict is a TypeError naming the callable below the call's arguments
// (f(**d, a=1)); the low byte is the dict's depth.
inline constexpr std::uint32_t dict_merge_flag = 0x100;

inline constexpr std::string_view binary_op_symbol(std::uint32_t op) noexcept {
    constexpr std::string_view symbols[] = {"+",  "&",  "//",  "<<",  "@",  "*",  "%",  "|",  "**",
                                            ">>", "-",  "/",   "^",   "+=", "&=", "//=", "<<=", "@=",
                                            "*=", "%=", "|=",  "**=", ">>=", "-=", "/=",  "^="};
    return op < std::size(symbols) ? symbols[op] : "?";
}

// The comparison operators. The first six are COMPARE_OP's arguments, as
// CPython's Py_LT ... Py_GE (the VM indexes tables by them: keep their values);
// the last four are the AST's only and compile to CONTAINS_OP and IS_OP.
enum CompareOp : std::uint32_t { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_IN, CMP_NOT_IN, CMP_IS, CMP_IS_NOT };

inline constexpr std::string_view compare_op_symbol(std::uint32_t op) noexcept {
    constexpr std::string_view symbols[] = {"<", "<=", "==", "!=", ">", ">=", "in", "not in", "is", "is not"};
    return op < std::size(symbols) ? symbols[op] : "?";
}

// MAKE_FUNCTION flags.
enum MakeFunctionFlag : std::uint32_t { MF_DEFAULTS = 1, MF_KWDEFAULTS = 2, MF_CLOSURE = 8 };

inline constexpr bool is_jump(Opcode op) noexcept {
    switch (op) {
    case Opcode::FOR_ITER:
    case Opcode::JUMP_FORWARD:
    case Opcode::JUMP_BACKWARD:
    case Opcode::POP_JUMP_IF_FALSE:
    case Opcode::POP_JUMP_IF_TRUE:
    case Opcode::JUMP_IF_FALSE_OR_POP:
    case Opcode::JUMP_IF_TRUE_OR_POP:
    case Opcode::SEND: return true;
    default: return false;
    }
}

// Control never falls through to the next instruction.
inline constexpr bool is_terminator(Opcode op) noexcept {
    switch (op) {
    case Opcode::JUMP_FORWARD:
    case Opcode::JUMP_BACKWARD:
    case Opcode::RETURN_VALUE:
    case Opcode::RAISE_VARARGS:
    case Opcode::RERAISE: return true;
    default: return false;
    }
}

// The net effect on the stack depth of one instruction; `jump` selects the
// effect when the branch is taken. Mirrors CPython's stack_effect().
inline constexpr int stack_effect(Opcode op, std::uint32_t arg, bool jump) noexcept {
    const int n = static_cast<int>(arg);
    switch (op) {
    case Opcode::NOP: return 0;
    case Opcode::POP_TOP: return -1;
    case Opcode::PUSH_NULL: return 1;
    case Opcode::COPY: return 1;
    case Opcode::SWAP: return 0;
    case Opcode::LOAD_CONST:
    case Opcode::LOAD_FAST:
    case Opcode::LOAD_DEREF:
    case Opcode::LOAD_CLOSURE:
    case Opcode::LOAD_CLASSDEREF:
    case Opcode::LOAD_NAME: return 1;
    case Opcode::LOAD_GLOBAL: return 1 + static_cast<int>(arg & 1);
    case Opcode::STORE_FAST:
    case Opcode::STORE_DEREF:
    case Opcode::STORE_GLOBAL:
    case Opcode::STORE_NAME: return -1;
    case Opcode::DELETE_FAST:
    case Opcode::DELETE_DEREF:
    case Opcode::DELETE_GLOBAL:
    case Opcode::DELETE_NAME: return 0;
    case Opcode::LOAD_ATTR: return 0;
    case Opcode::LOAD_METHOD: return 1;
    case Opcode::STORE_ATTR: return -2;
    case Opcode::DELETE_ATTR: return -1;
    case Opcode::BINARY_OP: return -1;
    case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NEGATIVE:
    case Opcode::UNARY_NOT:
    case Opcode::UNARY_INVERT: return 0;
    case Opcode::COMPARE_OP:
    case Opcode::IS_OP:
    case Opcode::CONTAINS_OP:
    case Opcode::BINARY_SUBSCR: return -1;
    case Opcode::STORE_SUBSCR: return -3;
    case Opcode::DELETE_SUBSCR: return -2;
    case Opcode::BUILD_SLICE: return 1 - n;
    case Opcode::BUILD_TUPLE:
    case Opcode::BUILD_SET:
    case Opcode::BUILD_LIST:
    case Opcode::BUILD_STRING: return 1 - n;
    case Opcode::BUILD_MAP: return 1 - 2 * n;
    case Opcode::LIST_APPEND:
    case Opcode::SET_ADD:
    case Opcode::SET_UPDATE: return -1;
    case Opcode::MAP_ADD: return -2;
    case Opcode::LIST_EXTEND:
    case Opcode::DICT_UPDATE: return -1;
    case Opcode::LIST_TO_TUPLE: return 0;
    case Opcode::FORMAT_VALUE: return (arg & 4) ? -1 : 0;
    case Opcode::UNPACK_SEQUENCE: return n - 1;
    case Opcode::UNPACK_EX: return static_cast<int>(arg & 0xFF) + static_cast<int>(arg >> 8);
    case Opcode::GET_ITER: return 0;
    case Opcode::FOR_ITER: return jump ? -1 : 1;
    case Opcode::JUMP_FORWARD:
    case Opcode::JUMP_BACKWARD: return 0;
    case Opcode::POP_JUMP_IF_FALSE:
    case Opcode::POP_JUMP_IF_TRUE: return -1;
    case Opcode::JUMP_IF_FALSE_OR_POP:
    case Opcode::JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case Opcode::RETURN_VALUE: return -1;
    case Opcode::KW_NAMES: return 0;
    case Opcode::CALL: return -n - 1;
    case Opcode::CALL_FUNCTION_EX: return (arg & 1) ? -3 : -2;
    case Opcode::MAKE_FUNCTION:
        return -static_cast<int>((arg & MF_DEFAULTS) != 0) - static_cast<int>((arg & MF_KWDEFAULTS) != 0) -
               static_cast<int>((arg & MF_CLOSURE) != 0);
    case Opcode::LOAD_BUILD_CLASS: return 1;
    case Opcode::RAISE_VARARGS: return -n;
    case Opcode::RERAISE: return -1;
    case Opcode::PUSH_EXC_INFO: return 1;
    case Opcode::POP_EXCEPT: return -1;
    case Opcode::CHECK_EXC_MATCH: return 0;
    case Opcode::LOAD_ASSERTION_ERROR: return 1;
    case Opcode::IMPORT_NAME: return 0;
    case Opcode::IMPORT_FROM: return 1;
    case Opcode::IMPORT_STAR: return -1;
    case Opcode::BEFORE_WITH: return 1;
    case Opcode::WITH_EXCEPT_START: return 1;
    // The sent value the resumed frame finds on its stack (POP_TOP follows).
    case Opcode::RETURN_GENERATOR: return 1;
    case Opcode::YIELD_VALUE: return 0;
    case Opcode::SEND: return jump ? -1 : 0;
    case Opcode::GET_YIELD_FROM_ITER: return 0;
    }
    return 0;
}

struct Instruction {
    Opcode op;
    std::uint32_t arg;
};
static_assert(sizeof(Instruction) == 8);

// Where an instruction came from in the source (1-based line, 0-based columns).
struct Position {
    std::uint32_t line;
    std::uint16_t col;
    std::uint16_t end_col;
};

// One row of the exception table: instructions [start, end) are protected by
// the handler at `target`, entered with the stack cut to `depth` items plus
// the exception.
struct ExceptionEntry {
    std::uint32_t start, end, target, depth;
};

STANDIN_NAMESPACE_END
