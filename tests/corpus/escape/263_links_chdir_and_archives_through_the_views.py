# technique: the file system views reach os.symlink, os.link, os.chdir and shutil's archive hooks, whose audit events are not the working directory's file operations
# source: pathlib.Path.symlink_to, hardlink_to; shutil.make_archive(root_dir=...), register_archive_format (Python docs)
# request: {"capabilities": ["files"], "files": [{"path": "in.txt", "content": "inside"}]}
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import os
import pathlib
import shutil


def link():
    pathlib.Path('l').symlink_to('/usr/lib/python3.11/os.py')
    return None


def hard():
    pathlib.Path('h').hardlink_to('/usr/lib/python3.11/os.py')
    return None


def archive():
    shutil.register_archive_format('grab', lambda base, root, **kw: os.getcwd())
    got = shutil.make_archive('out', 'grab', root_dir='/usr')
    if got != 'out' and '/usr' in str(got):
        print('ESCAPED make_archive changed directory:', got)
    return None


attempt('Path.symlink_to outside', link)
attempt('Path.hardlink_to outside', hard)
attempt('make_archive(root_dir="/usr")', archive)
attempt('shutil.unpack_archive', lambda: shutil.unpack_archive('in.txt', '/usr', 'zip'))
