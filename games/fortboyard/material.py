"""What the box holds that the rules count: the keys' stock and the treasure's bag of tokens."""

KEY_STOCK = 20  # « 20 clés »
# « 10 jetons cailloux, 60 jetons de 10 Boyards, 20 jetons de 20 Boyards, 10 jetons de 50 Boyards »
BAG = (0,) * 10 + (10,) * 60 + (20,) * 20 + (50,) * 10
HANDFUL = (4, 8)  # tokens in one handful, uniform
