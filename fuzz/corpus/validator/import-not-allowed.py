import fnmatch
