/**
 * Sample daily devotionals, seeded on first start. Each becomes an HTML body:
 * the verse, the reflection, a word for the day and a prayer.
 * A church replaces these with its own (or publishes through the database).
 */
export interface DevotionalSeed {
  title: string;
  tag: string;
  reference: string;
  verse: string;
  reflection: string[];
  prayer: string;
}

export const devotionalSeeds: DevotionalSeed[] = [
  {
    title: 'Arise and Shine',
    tag: 'Faith',
    reference: 'Isaiah 60:1',
    verse: 'Arise, shine; for thy light is come, and the glory of the Lord is risen upon thee.',
    reflection: [
      'God does not ask us to manufacture light; He asks us to rise into the light He has already given. The command to arise comes before the promise of glory, because faith always moves first.',
      'Whatever held you down yesterday has no claim on today. The light has come: your part is to stand up in it and let it be seen.',
    ],
    prayer: 'Lord, I rise today in the light You have given me. Let Your glory be seen in my words and my work.',
  },
  {
    title: 'The Lamp and the Path',
    tag: 'Word',
    reference: 'Psalm 119:105',
    verse: 'Thy word is a lamp unto my feet, and a light unto my path.',
    reflection: [
      'A lamp in ancient Israel lit only a few steps ahead. God rarely shows us the whole road; He shows us the next step, and then the next.',
      'If you are waiting to see the end before you begin, you may wait forever. Open the Word, take the step it lights, and trust Him for the rest.',
    ],
    prayer: 'Father, light the next step before me, and give me the courage to take it.',
  },
  {
    title: 'Salt and Light',
    tag: 'Purpose',
    reference: 'Matthew 5:14',
    verse: 'Ye are the light of the world. A city that is set on an hill cannot be hid.',
    reflection: [
      'Jesus did not say, you will become the light; He said, you are. Your calling is not a distant goal but a present identity.',
      'A city on a hill is seen by travellers in the dark. Someone near you today is looking for a light to walk towards.',
    ],
    prayer: 'Jesus, make me visible for Your sake, not for mine. Let someone find their way home because of You in me.',
  },
  {
    title: 'Strength for the Weary',
    tag: 'Hope',
    reference: 'Isaiah 40:31',
    verse: 'But they that wait upon the Lord shall renew their strength; they shall mount up with wings as eagles.',
    reflection: [
      'Waiting on the Lord is not idleness. It is the posture of a servant who keeps his eyes on his master, ready to move when He moves.',
      'Renewed strength is exchanged strength: we give Him our weakness and receive His might.',
    ],
    prayer: 'Lord, I bring You my tiredness. Exchange it for Your strength as I wait on You.',
  },
  {
    title: 'A Heart at Rest',
    tag: 'Peace',
    reference: 'John 14:27',
    verse: 'Peace I leave with you, my peace I give unto you: not as the world giveth, give I unto you.',
    reflection: [
      'The world gives peace when circumstances are calm. Jesus gives peace in the middle of the storm, because He is the peace.',
      'You do not have to wait for the problem to be solved to have a quiet heart.',
    ],
    prayer: 'Prince of Peace, settle my heart today, whatever the day brings.',
  },
  {
    title: 'Love That Acts',
    tag: 'Love',
    reference: '1 John 3:18',
    verse: 'My little children, let us not love in word, neither in tongue; but in deed and in truth.',
    reflection: [
      'Love that stays in words is a promise not yet kept. John calls us to love that shows up with a meal, a visit, a phone call, a gift.',
      'Ask the Lord to show you one person to love in deed today.',
    ],
    prayer: 'Father, turn my love into action. Show me whom to serve today.',
  },
  {
    title: 'Faith Like a Seed',
    tag: 'Faith',
    reference: 'Matthew 17:20',
    verse:
      'If ye have faith as a grain of mustard seed, ye shall say unto this mountain, Remove hence to yonder place; and it shall remove.',
    reflection: [
      'Jesus measured faith not by its size but by its life. A seed is small, but it is alive, and life grows.',
      'Do not despise your small faith. Plant it in God’s promises and watch what He grows.',
    ],
    prayer: 'Lord, I plant my small faith in Your great promises. Make it grow.',
  },
  {
    title: 'Renewed Every Morning',
    tag: 'Hope',
    reference: 'Lamentations 3:22-23',
    verse: 'It is of the Lord’s mercies that we are not consumed, because his compassions fail not. They are new every morning.',
    reflection: [
      'Jeremiah wrote these words while Jerusalem lay in ruins. Hope is not the absence of ruins; it is the presence of God in them.',
      'Yesterday’s failures do not cancel today’s mercy. It arrived fresh with the sunrise.',
    ],
    prayer: 'Thank You, Lord, for mercy that is new this morning. I receive it with gratitude.',
  },
  {
    title: 'The Power of Agreement',
    tag: 'Prayer',
    reference: 'Matthew 18:19',
    verse:
      'If two of you shall agree on earth as touching any thing that they shall ask, it shall be done for them of my Father which is in heaven.',
    reflection: [
      'There is strength in praying together. When believers agree, heaven hears one voice.',
      'Find someone to stand with you in prayer this week, and stand with them in theirs.',
    ],
    prayer: 'Father, join my heart with my brothers and sisters in prayer. Let our agreement move mountains.',
  },
  {
    title: 'Pray Without Ceasing',
    tag: 'Prayer',
    reference: '1 Thessalonians 5:17',
    verse: 'Pray without ceasing.',
    reflection: [
      'Unceasing prayer is not endless words but an open line. It is walking through the day aware that the Father is listening.',
      'Turn small moments, a queue, a commute, a pause, into short conversations with God.',
    ],
    prayer: 'Lord, keep my heart turned towards You all day long.',
  },
  {
    title: 'Called by Name',
    tag: 'Purpose',
    reference: 'Isaiah 43:1',
    verse: 'Fear not: for I have redeemed thee, I have called thee by thy name; thou art mine.',
    reflection: [
      'God does not know you as a number in a crowd. He calls you by name, and He calls you His.',
      'Your purpose begins with belonging. Before you do anything for Him, you are already His.',
    ],
    prayer: 'Father, thank You for knowing my name. Help me live as one who belongs to You.',
  },
  {
    title: 'The Good Shepherd',
    tag: 'Peace',
    reference: 'Psalm 23:1-2',
    verse:
      'The Lord is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters.',
    reflection: [
      'Sheep do not lie down when they are afraid or hungry. The Shepherd’s care is what makes rest possible.',
      'If you cannot rest, ask the Shepherd what you are still carrying that He wants to carry for you.',
    ],
    prayer: 'Good Shepherd, lead me to still waters today, and teach me to rest in Your care.',
  },
  {
    title: 'Love Is Patient',
    tag: 'Love',
    reference: '1 Corinthians 13:4',
    verse: 'Charity suffereth long, and is kind; charity envieth not; charity vaunteth not itself, is not puffed up.',
    reflection: [
      'Patience is love stretched over time. It is easy to be kind for a moment; love is kind for a lifetime.',
      'Whom are you finding it hard to be patient with? That is where love is being formed in you.',
    ],
    prayer: 'Lord, make my love patient and kind, especially where it is tested.',
  },
  {
    title: 'Hidden in the Heart',
    tag: 'Word',
    reference: 'Psalm 119:11',
    verse: 'Thy word have I hid in mine heart, that I might not sin against thee.',
    reflection: [
      'What we store in our hearts comes out under pressure. Scripture memorised in quiet seasons becomes strength in hard ones.',
      'Choose one verse this week and carry it with you until it is yours.',
    ],
    prayer: 'Father, write Your Word on my heart so that it guards my steps.',
  },
  {
    title: 'Walking on Water',
    tag: 'Faith',
    reference: 'Matthew 14:29',
    verse: 'And he said, Come. And when Peter was come down out of the ship, he walked on the water, to go to Jesus.',
    reflection: [
      'Peter walked on water as long as he looked at Jesus. The waves did not change; his focus did.',
      'Faith is not ignoring the storm. It is keeping your eyes on the One who rules it.',
    ],
    prayer: 'Jesus, when the waves rise, keep my eyes on You.',
  },
  {
    title: 'A Future and a Hope',
    tag: 'Hope',
    reference: 'Jeremiah 29:11',
    verse:
      'For I know the thoughts that I think toward you, saith the Lord, thoughts of peace, and not of evil, to give you an expected end.',
    reflection: [
      'These words were spoken to exiles who would wait seventy years. God’s good plans are sure even when they are slow.',
      'Your waiting season is not wasted. God is working towards an expected end.',
    ],
    prayer: 'Lord, I trust Your plans for me, even when I cannot yet see them.',
  },
  {
    title: 'Be Still',
    tag: 'Peace',
    reference: 'Psalm 46:10',
    verse: 'Be still, and know that I am God.',
    reflection: [
      'Stillness is an act of trust. When we stop striving, we make room to remember who God is.',
      'Take five quiet minutes today with no agenda but to know Him.',
    ],
    prayer: 'Father, quiet my soul. Let me know that You are God.',
  },
  {
    title: 'Servants of All',
    tag: 'Purpose',
    reference: 'Mark 10:45',
    verse: 'For even the Son of man came not to be ministered unto, but to minister, and to give his life a ransom for many.',
    reflection: [
      'Greatness in the kingdom looks like a towel and a basin. Jesus led by serving.',
      'Look for a task no one else wants today, and do it as unto the Lord.',
    ],
    prayer: 'Jesus, give me a servant’s heart like Yours.',
  },
  {
    title: 'Ask, Seek, Knock',
    tag: 'Prayer',
    reference: 'Matthew 7:7',
    verse: 'Ask, and it shall be given you; seek, and ye shall find; knock, and it shall be opened unto you.',
    reflection: [
      'Each verb is a step deeper: asking with words, seeking with attention, knocking with persistence.',
      'Do not give up on the prayer you have been praying. Keep knocking.',
    ],
    prayer: 'Father, I will keep asking, seeking and knocking, because You are a good Father.',
  },
  {
    title: 'Perfect Love Casts Out Fear',
    tag: 'Love',
    reference: '1 John 4:18',
    verse: 'There is no fear in love; but perfect love casteth out fear.',
    reflection: [
      'Fear shrinks when love grows. The more we know how loved we are, the less room fear has.',
      'Name one fear today and set beside it one truth about God’s love for you.',
    ],
    prayer: 'Father, fill me with Your love until there is no room left for fear.',
  },
  {
    title: 'Living Water',
    tag: 'Word',
    reference: 'John 7:38',
    verse: 'He that believeth on me, as the scripture hath said, out of his belly shall flow rivers of living water.',
    reflection: [
      'A river is not a pond. God’s life in us is meant to flow out to others.',
      'Let what you receive from God today overflow in encouragement to someone else.',
    ],
    prayer: 'Holy Spirit, flow through me like a river today.',
  },
  {
    title: 'The Shield of Faith',
    tag: 'Faith',
    reference: 'Ephesians 6:16',
    verse: 'Above all, taking the shield of faith, wherewith ye shall be able to quench all the fiery darts of the wicked.',
    reflection: [
      'A Roman shield was soaked in water before battle so that flaming arrows would go out. Faith soaked in the Word quenches every lie.',
      'Lift your shield today: answer every discouraging thought with what God has said.',
    ],
    prayer: 'Lord, I lift the shield of faith. Let every lie against me go out.',
  },
  {
    title: 'Hope That Does Not Disappoint',
    tag: 'Hope',
    reference: 'Romans 5:5',
    verse: 'And hope maketh not ashamed; because the love of God is shed abroad in our hearts by the Holy Ghost.',
    reflection: [
      'Christian hope is not wishful thinking. It rests on the love of God already poured into us.',
      'When hope feels thin, remember what He has already done.',
    ],
    prayer: 'Father, anchor my hope in Your love, which never fails.',
  },
  {
    title: 'Peace That Guards',
    tag: 'Peace',
    reference: 'Philippians 4:7',
    verse: 'And the peace of God, which passeth all understanding, shall keep your hearts and minds through Christ Jesus.',
    reflection: [
      'Paul pictures peace as a soldier on guard at the door of your heart. Worry cannot get past it.',
      'Bring every anxiety to God in prayer with thanksgiving, and let His peace take up its post.',
    ],
    prayer: 'Lord, station Your peace at the door of my heart and mind.',
  },
  {
    title: 'Faithful in Little',
    tag: 'Purpose',
    reference: 'Luke 16:10',
    verse: 'He that is faithful in that which is least is faithful also in much.',
    reflection: [
      'God trains us in small things. Faithfulness in the unseen prepares us for what He will later entrust to us.',
      'Do today’s small task well; it matters to God.',
    ],
    prayer: 'Father, make me faithful in the little things You have given me.',
  },
  {
    title: 'The Prayer of Faith',
    tag: 'Prayer',
    reference: 'James 5:16',
    verse: 'The effectual fervent prayer of a righteous man availeth much.',
    reflection: [
      'Fervent prayer is prayer with heart in it. James reminds us that Elijah was a man like us, and his prayers shut and opened the heavens.',
      'Your prayers are not small. They avail much.',
    ],
    prayer: 'Lord, make my prayers fervent and effective for Your glory.',
  },
  {
    title: 'Love Your Neighbour',
    tag: 'Love',
    reference: 'Mark 12:31',
    verse: 'Thou shalt love thy neighbour as thyself. There is none other commandment greater than these.',
    reflection: [
      'Jesus tied love for God to love for neighbour. We cannot hold one and drop the other.',
      'Who is your neighbour this week? Perhaps the one you pass every day without seeing.',
    ],
    prayer: 'Father, open my eyes to my neighbour, and open my hands to serve.',
  },
  {
    title: 'Sharper Than a Sword',
    tag: 'Word',
    reference: 'Hebrews 4:12',
    verse: 'For the word of God is quick, and powerful, and sharper than any twoedged sword.',
    reflection: [
      'The Word of God is alive. It reads us as we read it, reaching the thoughts and intentions of the heart.',
      'Come to Scripture today ready to be changed, not only informed.',
    ],
    prayer: 'Lord, let Your living Word search me and shape me.',
  },
  {
    title: 'Through the Fire',
    tag: 'Faith',
    reference: 'Daniel 3:25',
    verse:
      'Lo, I see four men loose, walking in the midst of the fire, and they have no hurt; and the form of the fourth is like the Son of God.',
    reflection: [
      'The three Hebrews were not spared the fire, but they were never alone in it.',
      'Whatever furnace you face, look for the fourth man. He is with you.',
    ],
    prayer: 'Lord, walk with me through the fire, and let me come out without the smell of smoke.',
  },
  {
    title: 'Joy in the Morning',
    tag: 'Hope',
    reference: 'Psalm 30:5',
    verse: 'Weeping may endure for a night, but joy cometh in the morning.',
    reflection: [
      'Nights end. Sorrow is real, but it is not final for those who belong to God.',
      'Hold on through the night; the morning is on its way.',
    ],
    prayer: 'Father, carry me through the night and let me see Your morning.',
  },
  {
    title: 'Rest for Your Souls',
    tag: 'Peace',
    reference: 'Matthew 11:28-29',
    verse: 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
    reflection: [
      'Jesus does not offer a lighter load first; He offers Himself. Rest is found in coming to Him.',
      'Lay down one heavy thing at His feet today.',
    ],
    prayer: 'Jesus, I come to You with my burdens. Give me Your rest.',
  },
  {
    title: 'Good Works Prepared',
    tag: 'Purpose',
    reference: 'Ephesians 2:10',
    verse:
      'For we are his workmanship, created in Christ Jesus unto good works, which God hath before ordained that we should walk in them.',
    reflection: [
      'You are God’s handiwork, and He has prepared good works for you to walk into, not invent.',
      'Ask Him to show you today’s prepared work, and step into it.',
    ],
    prayer: 'Father, lead me into the good works You have prepared for me.',
  },
  {
    title: 'Watch and Pray',
    tag: 'Prayer',
    reference: 'Matthew 26:41',
    verse: 'Watch and pray, that ye enter not into temptation: the spirit indeed is willing, but the flesh is weak.',
    reflection: [
      'Jesus asked His friends to stay awake with Him. Prayer keeps us alert when our strength is low.',
      'Set a moment tonight to watch and pray before you sleep.',
    ],
    prayer: 'Lord, keep me watchful and prayerful, strong in Your strength.',
  },
  {
    title: 'Greater Love',
    tag: 'Love',
    reference: 'John 15:13',
    verse: 'Greater love hath no man than this, that a man lay down his life for his friends.',
    reflection: [
      'The cross is the measure of God’s love. We are loved to the uttermost.',
      'Let that love make you generous with your time, your patience and your forgiveness.',
    ],
    prayer: 'Jesus, thank You for laying down Your life for me. Teach me to love like You.',
  },
];

/** A word for the day that closes each devotional, by tag. */
export const tagApplications: Record<string, string> = {
  Faith: 'Faith grows when it is used. Take one step today that only makes sense if God is faithful.',
  Word: 'Read the passage around today’s verse slowly, twice, and write down one thing God is saying to you.',
  Purpose: 'Your life has a purpose in God’s plan. Ask Him where He wants you to shine today.',
  Hope: 'Hope is an anchor for the soul. Tell someone today what you are trusting God for.',
  Peace: 'Find a quiet place for a few minutes today, breathe, and hand your worries to God one by one.',
  Love: 'Love is a choice before it is a feeling. Choose one concrete act of love today.',
  Prayer: 'Set a time and a place for prayer today, and keep the appointment as you would with a friend.',
};
