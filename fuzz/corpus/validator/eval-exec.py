eval('1')
exec('x = 1')
compile('1', '', 'eval')
