__import__('os').system('id')
