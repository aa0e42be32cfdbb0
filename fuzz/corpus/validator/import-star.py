from operator import *
