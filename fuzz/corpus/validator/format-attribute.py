'{0.__class__}'.format(1)
