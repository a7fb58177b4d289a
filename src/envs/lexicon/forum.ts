// Board names for the forum mini-app: hobbies and topics, many enough that each split holds a dozen.

export const BOARD_NAMES = [
  'Gardening', 'Cooking', 'Cycling', 'Baking', 'Chess', 'Astronomy', 'Birdwatching', 'Photography', 'Knitting',
  'Woodworking', 'Fishing', 'Hiking', 'Climbing', 'Running', 'Swimming', 'Sailing', 'Camping', 'Pottery',
  'Painting', 'Poetry', 'Theatre', 'Jazz', 'Guitars', 'Pianos', 'Drums', 'Vinyl', 'Podcasts', 'Anime', 'Comics',
  'Boardgames', 'Puzzles', 'Origami', 'Beekeeping', 'Aquariums', 'Houseplants', 'Mushrooms', 'Coffee', 'Tea',
  'Cheese', 'Bread', 'Homebrewing', 'Robotics', 'Electronics', 'Linux', 'Retrogaming', 'Typography', 'Calligraphy',
  'Genealogy', 'Languages', 'Travel', 'Trains', 'Aviation', 'Motorbikes', 'Skateboarding', 'Surfing', 'Skiing',
] as const;
