from os import system
