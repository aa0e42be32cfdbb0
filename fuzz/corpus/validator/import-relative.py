from . import x
from ..pkg import y
