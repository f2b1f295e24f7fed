/**
 * Demo / seed content for Paddock.
 *
 * Pure data: no runtime imports. Every competition, winner, review and brand
 * below is invented for demonstration purposes. Brand names are fictional and
 * any resemblance to real businesses is unintended.
 *
 * Images live in /public/images/competitions and are original SVG artwork.
 */

export type SeedCompetition = {
  slug: string;
  title: string;
  description: string;
  prizeTitle: string;
  prizeDescription: string;
  /** Display text, e.g. "£2,450". */
  prizeValue: string;
  entryPricePence: number;
  totalTickets: number;
  ticketsSold: number;
  /** Relative to seeding time; negative = already ended. */
  endsInHours: number;
  featured: boolean;
  skillQuestion: string;
  skillOptions: [string, string, string, string];
  /** Must equal one of skillOptions exactly. */
  correctAnswer: string;
  /** "/images/competitions/<slug>.svg" */
  imageUrl: string;
  /** 1-2 further SVG paths. */
  additionalImages: string[];
  maxTicketsPerUser: number | null;
};

export type SampleWinner = {
  name: string;
  location: string;
  prize: string;
  value: string;
  date: string;
  testimonial: string;
  sample: true;
};

export type SampleReview = {
  name: string;
  location: string;
  rating: 5;
  text: string;
  sample: true;
};

export type Testimonial = {
  name: string;
  location: string;
  text: string;
  rating: number;
};

export type PartnerBrand = {
  name: string;
  tagline: string;
};

const img = (slug: string, suffix = ""): string =>
  `/images/competitions/${slug}${suffix}.svg`;

export const seedCompetitions: SeedCompetition[] = [
  {
    slug: "two-horse-horsebox",
    title: "Win a 3.5-Tonne Two-Horse Horsebox",
    description:
      "Drive away in a 3.5-tonne two-horse horsebox, built on a 2021 chassis with 38,000 miles and a full service history. It has rear-facing stalls for two horses up to 16.2hh, a padded partition, a tack locker and a living area with a two-ring hob, sink and 12V leisure battery. It is freshly serviced, and at 3.5 tonnes it can be driven on a standard car licence. Handover is at our Gloucestershire yard, or we deliver free anywhere on the UK mainland.",
    prizeTitle: "Two-horse 3.5t horsebox",
    prizeDescription:
      "A 2021 two-horse 3.5t horsebox with living area, tack locker and fresh service. Delivery to any UK mainland address is included.",
    prizeValue: "£42,500",
    entryPricePence: 999,
    totalTickets: 9999,
    ticketsSold: 4126,
    endsInHours: 720,
    featured: true,
    skillQuestion:
      "Under most British showing rules, what is the maximum height for an animal to compete as a pony?",
    skillOptions: ["13.2hh", "14.0hh", "14.2hh", "15.0hh"],
    correctAnswer: "14.2hh",
    imageUrl: img("two-horse-horsebox"),
    additionalImages: [img("two-horse-horsebox", "-2"), img("two-horse-horsebox", "-3")],
    maxTicketsPerUser: 250,
  },
  {
    slug: "five-thousand-cash",
    title: "£5,000 Tax-Free Cash",
    description:
      "Spend £5,000 on whatever your yard needs: a new saddle, a season of livery, lessons or a long-overdue holiday. We pay the money by bank transfer within 48 hours of confirming the winner, and there are no strings attached. Winners in the Republic of Ireland receive the euro equivalent at that day's exchange rate.",
    prizeTitle: "£5,000 cash",
    prizeDescription:
      "£5,000 paid straight into the winner's bank account by transfer. Irish winners are paid the euro equivalent.",
    prizeValue: "£5,000",
    entryPricePence: 250,
    totalTickets: 4999,
    ticketsSold: 2143,
    endsInHours: 336,
    featured: true,
    skillQuestion:
      "What is the name of the groove that appears on a horse's upper corner incisor at around 10 years of age and helps to estimate age?",
    skillOptions: ["Dental star", "Galvayne's groove", "Seven-year hook", "Infundibulum"],
    correctAnswer: "Galvayne's groove",
    imageUrl: img("five-thousand-cash"),
    additionalImages: [img("five-thousand-cash", "-2")],
    maxTicketsPerUser: 100,
  },
  {
    slug: "dressage-saddle",
    title: "Monoflap Dressage Saddle by Brackenmoor",
    description:
      "This Brackenmoor monoflap dressage saddle is made from supple full-grain black leather. It has a deep seat, long knee blocks and a short-girth Y-girthing system. The winner chooses a seat size from 16.5\" to 18\" and a tree width from narrow to extra-wide. A qualified saddle fitter fits it at your yard anywhere in the UK or Ireland, and the fitting visit is included.",
    prizeTitle: "Brackenmoor monoflap dressage saddle",
    prizeDescription:
      "A brand-new black monoflap dressage saddle in the winner's choice of seat size and tree width. A professional fitting at your yard is included.",
    prizeValue: "£2,450",
    entryPricePence: 500,
    totalTickets: 1999,
    ticketsSold: 1187,
    endsInHours: 20,
    featured: true,
    skillQuestion:
      "In dressage, what is the name of the highly collected, elevated trot performed almost on the spot?",
    skillOptions: ["Passage", "Half-pass", "Piaffe", "Shoulder-in"],
    correctAnswer: "Piaffe",
    imageUrl: img("dressage-saddle"),
    additionalImages: [img("dressage-saddle", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "event-vip-tickets",
    title: "Four-Day VIP Tickets to a Leading British Three-Day Event",
    description:
      "Take yourself and a guest to all four days of one of Britain's leading spring three-day events. Each day includes hospitality-marquee access, a champagne reception, a three-course lunch and afternoon tea. Grandstand seats cover the dressage and show jumping, and a guided walk of the cross-country course is led by an international event rider. Three nights' bed and breakfast at a nearby country hotel and a car-park pass are included too.",
    prizeTitle: "Four-day VIP hospitality for two",
    prizeDescription:
      "VIP hospitality for two for all four days of a leading British three-day event, with three nights' B&B and parking included.",
    prizeValue: "£3,200",
    entryPricePence: 199,
    totalTickets: 2500,
    ticketsSold: 1392,
    endsInHours: 240,
    featured: true,
    skillQuestion:
      "At a traditional three-day event, which of these competitive phases is ridden first?",
    skillOptions: ["Cross-country", "Show jumping", "Steeplechase", "Dressage"],
    correctAnswer: "Dressage",
    imageUrl: img("event-vip-tickets"),
    additionalImages: [img("event-vip-tickets", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "one-thousand-cash",
    title: "£1,000 Cash for 49p",
    description:
      "Enter for just 49p a ticket for £1,000 in cash, paid by bank transfer within 48 hours of the draw. Use it towards the farrier, the feed bill or a new pair of long boots. Nearly every ticket has gone, so this draw will close soon.",
    prizeTitle: "£1,000 cash",
    prizeDescription:
      "£1,000 paid by bank transfer within 48 hours of the draw. Irish winners are paid the euro equivalent.",
    prizeValue: "£1,000",
    entryPricePence: 49,
    totalTickets: 2999,
    ticketsSold: 2936,
    endsInHours: 40,
    featured: false,
    skillQuestion: "When measuring a horse's height, how many inches make up one 'hand'?",
    skillOptions: ["4 inches", "3 inches", "5 inches", "6 inches"],
    correctAnswer: "4 inches",
    imageUrl: img("one-thousand-cash"),
    additionalImages: [img("one-thousand-cash", "-2")],
    maxTicketsPerUser: 50,
  },
  {
    slug: "jumping-saddle",
    title: "Close-Contact Jumping Saddle by Wrenhurst",
    description:
      "This Wrenhurst close-contact jumping saddle is made in havana brown calfskin. It has a forward-cut flap, small hook-and-loop adjustable thigh blocks and a changeable gullet system, so it can follow your horse's shape through the season. The winner chooses a seat size from 16\" to 18\" and the gullet width, and a matching leather girth, stainless steel stirrup irons and leathers are included. Delivery is free within 14 days, or a fitter can visit for a small supplement.",
    prizeTitle: "Wrenhurst close-contact jumping saddle",
    prizeDescription:
      "A havana close-contact jumping saddle with changeable gullet, supplied with a girth, irons and leathers.",
    prizeValue: "£1,950",
    entryPricePence: 399,
    totalTickets: 1500,
    ticketsSold: 644,
    endsInHours: 312,
    featured: false,
    skillQuestion:
      "Under Table A rules in British show jumping, how many faults are given for knocking down a fence?",
    skillOptions: ["3 faults", "4 faults", "5 faults", "8 faults"],
    correctAnswer: "4 faults",
    imageUrl: img("jumping-saddle"),
    additionalImages: [img("jumping-saddle", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "bridle-set",
    title: "Hand-Stitched Bridle & Martingale Set",
    description:
      "This hand-stitched English leather bridle from Ashvale & Finch has a padded crank noseband, a patent browband and rubber-lined reins. It comes with a matching running martingale and breastplate. The winner chooses pony, cob or full size in black or havana, and the set comes boxed with a tin of saddle soap and a conditioning balm.",
    prizeTitle: "Ashvale & Finch bridle, martingale and breastplate",
    prizeDescription:
      "A matching English leather bridle, running martingale and breastplate in the winner's choice of size and colour.",
    prizeValue: "£485",
    entryPricePence: 99,
    totalTickets: 999,
    ticketsSold: 871,
    endsInHours: -48,
    featured: false,
    skillQuestion:
      "Which bit combines snaffle and curb action in a single mouthpiece and is traditionally used with two reins?",
    skillOptions: ["Kimblewick", "Weymouth", "Eggbutt snaffle", "Pelham"],
    correctAnswer: "Pelham",
    imageUrl: img("bridle-set"),
    additionalImages: [img("bridle-set", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "rug-bundle",
    title: "Complete Turnout & Stable Rug Wardrobe",
    description:
      "Get your horse through the winter with five Fenwold rugs. There is a 1200-denier lightweight turnout, a 200g medium turnout, a 350g heavyweight turnout with a detachable neck, a 300g stable rug and a fleece cooler. Every turnout is waterproof and breathable, with cross-surcingles and a tail flap. Choose any size from 5'6\" to 7'0\", and delivery is free to the UK and Ireland.",
    prizeTitle: "Five-piece Fenwold rug wardrobe",
    prizeDescription:
      "Lightweight, medium and heavyweight turnout rugs, a stable rug and a fleece cooler in the winner's choice of size.",
    prizeValue: "£890",
    entryPricePence: 149,
    totalTickets: 1500,
    ticketsSold: 603,
    endsInHours: 96,
    featured: false,
    skillQuestion:
      "Which coat colour is produced when a chestnut horse carries a single copy of the cream dilution gene?",
    skillOptions: ["Buckskin", "Palomino", "Cremello", "Dun"],
    correctAnswer: "Palomino",
    imageUrl: img("rug-bundle"),
    additionalImages: [img("rug-bundle", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "riding-lesson-package",
    title: "Ten Private Lessons with an Accredited Coach",
    description:
      "Improve your riding with ten one-hour private lessons from a nationally accredited coach. The lessons can cover flatwork, grid work or cross-country schooling. They take place at a partner centre near you on your own horse or a schoolmaster, and the indoor school and jumps are provided. Lessons can be booked across 12 months at centres in England, Scotland, Wales and Northern Ireland, and in Counties Kildare and Meath.",
    prizeTitle: "Ten private one-hour riding lessons",
    prizeDescription:
      "Ten one-hour private lessons with an accredited coach, to be used within 12 months at a partner centre.",
    prizeValue: "£650",
    entryPricePence: 150,
    totalTickets: 750,
    ticketsSold: 288,
    endsInHours: 168,
    featured: false,
    skillQuestion: "How many beats are there in a correct, rhythmic walk?",
    skillOptions: ["Two", "Three", "Five", "Four"],
    correctAnswer: "Four",
    imageUrl: img("riding-lesson-package"),
    additionalImages: [img("riding-lesson-package", "-2")],
    maxTicketsPerUser: 20,
  },
  {
    slug: "horse-care-bundle",
    title: "Ultimate Horse-Care Bundle",
    description:
      "This horse-care bundle has a 14-piece grooming kit in a wooden carry box and a three-month supply of Larchwick joint and hoof supplement. It also has hoof oil, a fly-repellent set, a first-aid kit put together by a vet, and a sheepskin-lined headcollar and lead rope. Everything is new and boxed, and we deliver it free within 7 working days.",
    prizeTitle: "Grooming, supplement and first-aid bundle",
    prizeDescription:
      "A grooming kit, three months of supplements, hoof care, fly protection, a first-aid kit and a sheepskin headcollar.",
    prizeValue: "£575",
    entryPricePence: 75,
    totalTickets: 800,
    ticketsSold: 397,
    endsInHours: 120,
    featured: false,
    skillQuestion:
      "Which V-shaped, rubbery part of the underside of the hoof helps to absorb concussion and pump blood?",
    skillOptions: ["Frog", "Bars", "White line", "Coronary band"],
    correctAnswer: "Frog",
    imageUrl: img("horse-care-bundle"),
    additionalImages: [img("horse-care-bundle", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "helmet-body-protector",
    title: "Riding Helmet & Body Protector Safety Pack",
    description:
      "Ride safely with a Merlinsgate riding helmet in matt navy with a removable, washable liner. It comes with a Level 3 body protector and a pair of cross-country gloves. The helmet meets current multi-standard safety specifications and is accepted for affiliated competition. Sizes are confirmed after the draw, and both items can be exchanged free of charge if the fit isn't right.",
    prizeTitle: "Helmet, Level 3 body protector and gloves",
    prizeDescription:
      "A competition-approved riding helmet, a Level 3 body protector and cross-country gloves, with free size exchanges.",
    prizeValue: "£720",
    entryPricePence: 199,
    totalTickets: 1200,
    ticketsSold: 514,
    endsInHours: 60,
    featured: false,
    skillQuestion: "Which letter marks the exact centre of a standard dressage arena?",
    skillOptions: ["C", "X", "E", "G"],
    correctAnswer: "X",
    imageUrl: img("helmet-body-protector"),
    additionalImages: [img("helmet-body-protector", "-2")],
    maxTicketsPerUser: null,
  },
  {
    slug: "stable-makeover",
    title: "Complete Stable Makeover",
    description:
      "A Sallowbrook team will refit one stable of up to 12ft x 14ft. The work covers new interlocking 18mm rubber matting, a galvanised grille top for the door, a corner feed manger, an automatic drinker and LED lighting. A bale of dust-extracted shavings and a wall-mounted tack rack are included. Installation is free within 100 miles of Oxfordshire, and winners further away receive the kit plus £400 towards fitting.",
    prizeTitle: "Full stable refit",
    prizeDescription:
      "Rubber matting, a grille door top, manger, automatic drinker, lighting and a tack rack, all fitted by professionals.",
    prizeValue: "£3,750",
    entryPricePence: 250,
    totalTickets: 3500,
    ticketsSold: 1021,
    endsInHours: 480,
    featured: false,
    skillQuestion:
      "Which painful condition, often linked to rich spring grass, involves inflammation of the sensitive tissue joining the hoof wall to the pedal bone?",
    skillOptions: ["Laminitis", "Thrush", "Mud fever", "Sweet itch"],
    correctAnswer: "Laminitis",
    imageUrl: img("stable-makeover"),
    additionalImages: [img("stable-makeover", "-2")],
    maxTicketsPerUser: null,
  },
];

export const sampleWinners: SampleWinner[] = [
  {
    name: "Sarah M.",
    location: "Gloucestershire",
    prize: "Monoflap Dressage Saddle",
    value: "£2,450",
    date: "12 January 2025",
    testimonial:
      "I only bought three tickets and couldn't believe it when the call came. The saddle fitter came out within a fortnight, and my mare has never moved better.",
    sample: true,
  },
  {
    name: "Ciara O.",
    location: "County Kildare",
    prize: "£5,000 Tax-Free Cash",
    value: "£5,000",
    date: "20 December 2024",
    testimonial:
      "The money was in my account two days after the draw. It paid for a whole winter of livery, and there's some left over for the new season.",
    sample: true,
  },
  {
    name: "James R.",
    location: "North Yorkshire",
    prize: "Four-Day VIP Event Tickets",
    value: "£3,200",
    date: "28 November 2024",
    testimonial:
      "My wife and I had the weekend of our lives. Walking the cross-country course with a top event rider was something we'll never forget.",
    sample: true,
  },
  {
    name: "Emma T.",
    location: "Devon",
    prize: "Complete Rug Wardrobe",
    value: "£890",
    date: "6 November 2024",
    testimonial:
      "It arrived just in time for the first frost. Every rug fits my 16.2hh gelding perfectly, and the heavyweight has been brilliant through the storms.",
    sample: true,
  },
  {
    name: "Rhian D.",
    location: "Powys",
    prize: "Riding Helmet & Body Protector",
    value: "£720",
    date: "17 October 2024",
    testimonial:
      "They swapped the helmet for a smaller size without any fuss. I feel much safer out hunting now, and I'd recommend Paddock to anyone.",
    sample: true,
  },
  {
    name: "Niamh K.",
    location: "County Antrim",
    prize: "Complete Stable Makeover",
    value: "£3,750",
    date: "25 September 2024",
    testimonial:
      "The fitting team transformed our old stable in a single day. Proper matting and an automatic drinker have made my mornings so much easier.",
    sample: true,
  },
];

export const sampleReviews: SampleReview[] = [
  {
    name: "Lucy H.",
    location: "Wiltshire",
    rating: 5,
    text: "The questions are proper horsey ones, not a free-for-all, which makes it feel fair. Checkout took less than a minute.",
    sample: true,
  },
  {
    name: "Declan F.",
    location: "County Cork",
    rating: 5,
    text: "It's brilliant for Irish riders. The prizes are well chosen, and the live draws are genuinely exciting to watch.",
    sample: true,
  },
  {
    name: "Hannah W.",
    location: "Cheshire",
    rating: 5,
    text: "I had a problem with my order and support replied within a couple of hours. They were friendly, helpful and sorted it straight away.",
    sample: true,
  },
  {
    name: "Fiona G.",
    location: "Perthshire",
    rating: 5,
    text: "It's lovely to see prizes that riders actually want. I've won a grooming bundle and I'm still entering every month.",
    sample: true,
  },
];

export const testimonials: Testimonial[] = [
  {
    name: "Charlotte B.",
    location: "Surrey",
    text: "I won a full rug wardrobe on my second go, and it was delivered within the week.",
    rating: 5,
  },
  {
    name: "Aoife M.",
    location: "County Meath",
    text: "The skill questions are fun. I've learnt more about bits than I ever did at Pony Club!",
    rating: 5,
  },
  {
    name: "Tom P.",
    location: "Shropshire",
    text: "It's clear and honest, and you can watch the draw live. It's exactly how competitions should be run.",
    rating: 5,
  },
  {
    name: "Georgia L.",
    location: "Leicestershire",
    text: "My daughter is still riding in the helmet we won. The customer service was excellent.",
    rating: 5,
  },
  {
    name: "Megan J.",
    location: "Carmarthenshire",
    text: "The prizes are properly useful for us horsey folk, and the tickets are good value too.",
    rating: 4,
  },
  {
    name: "Ross A.",
    location: "Aberdeenshire",
    text: "Checkout was quick, and I got an email confirmation with my ticket numbers straight away. I'll definitely enter again.",
    rating: 5,
  },
];

export const partnerBrands: PartnerBrand[] = [
  { name: "Brackenmoor Saddlery", tagline: "Handmade saddles since 1962" },
  { name: "Wrenhurst Leatherworks", tagline: "Close-contact craftsmanship" },
  { name: "Ashvale & Finch", tagline: "English bridlework, hand-stitched" },
  { name: "Fenwold Rugs", tagline: "Built for British winters" },
  { name: "Larchwick Feeds", tagline: "Nutrition from field to feed room" },
  { name: "Merlinsgate Riding Wear", tagline: "Safety without compromise" },
  { name: "Sallowbrook Stable Co.", tagline: "Better stables, happier horses" },
  { name: "Thornholme Horseboxes", tagline: "Travel in comfort, arrive ready" },
  { name: "Coldmere Equine Health", tagline: "Vet-formulated care" },
  { name: "Greyling Hoofcare", tagline: "No hoof, no horse" },
  { name: "Dunmarrow Arenas", tagline: "Surfaces for every discipline" },
  { name: "Kilbrack Tack", tagline: "Irish tack, made to last" },
];
