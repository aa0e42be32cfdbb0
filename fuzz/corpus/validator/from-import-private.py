from random import _os
