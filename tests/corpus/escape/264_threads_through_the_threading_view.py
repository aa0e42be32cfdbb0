# technique: threading.Thread, a Timer and asyncio.to_thread start threads, which the child's kernel filter refuses and the Python layer must refuse first, clearly
# source: threading.Thread.start, threading.Timer, asyncio.to_thread (Python docs)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import asyncio
import threading

ran = []


def started(what):
    if ran:
        print('ESCAPED a thread ran:', what)
    return None


attempt('Thread.start', lambda: (threading.Thread(target=ran.append, args=(1,)).start(),
                                 started('Thread'))[1])
attempt('Timer.start', lambda: (threading.Timer(0, ran.append, (2,)).start(), started('Timer'))[1])


async def main():
    await asyncio.to_thread(ran.append, 3)
    return started('to_thread')


attempt('asyncio.to_thread', lambda: asyncio.run(main()))
