import re
print(re.compile('a+').match('aa'))
