# break / continue / return inside a finally that runs for a return in its
# try: the pending return value is dropped, as CPython's compiler does.
def brk():
    for i in range(3):
        try:
            return i
        finally:
            break
    return "after break"


def cont():
    out = []
    for i in range(3):
        try:
            out.append(i)
            return out
        finally:
            if i < 2:
                continue
    return "unreachable"


def ret():
    try:
        return "try"
    finally:
        return "finally"


def nested():
    for i in range(2):
        for j in range(2):
            try:
                try:
                    return (i, j)
                finally:
                    if j == 0:
                        continue
            finally:
                pass
        break
    return "nested done"


def with_loop_var():
    total = 0
    for i in range(4):
        try:
            if i % 2:
                return total
        finally:
            total += i
            if i < 3:
                continue
            break
    return total


print(brk(), cont(), ret(), nested(), with_loop_var())
