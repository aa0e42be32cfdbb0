import os.path
