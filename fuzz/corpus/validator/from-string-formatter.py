from string import Formatter
