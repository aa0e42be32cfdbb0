# Turns a text file into a C array: cmake -DIN=file -DOUT=file.c -DNAME=sym -P embed.cmake
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," arr "${hex}")
file(WRITE ${OUT} "extern const char ${NAME}[];\nconst char ${NAME}[] = {${arr} 0x00};\n")
