/**
 * Passwords that appear at the top of every published breach list (the most common few hundred, plus the
 * usual keyboard walks, years and sports-and-horse favourites of our audience). Compared lower-cased.
 * Pure data: safe to import from shared schemas. Anything shorter than 8 characters is refused by length
 * before this list is consulted, but short entries stay so the list reads as the lists it comes from.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster
soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars
klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass
maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew
access yankees 987654321 dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon
moscow password1 password12 password123 password1234 password12345 passw0rd p@ssword p@ssw0rd pa55word
pa55w0rd passwort motdepasse contrasena wachtwoord salasana haslo parola lozinka senha
qwerty123 qwerty1 qwerty12 qwerty1234 qwertyui qwertyu qwerty123456 qwertyuiop123 qwer1234 qwert12345
1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e 1qaz2wsx3edc zaq12wsx zaq1zaq1 zaq1xsw2 xsw2zaq1 !qaz2wsx
asdfghjkl asdfghjk asdf1234 asdfasdf asdasdasd asd123 asdqwe123 zxcvbnm123 zxcv1234 zxcvbnm1
abcd1234 abc12345 abcdef abcdefg abcdefgh abcdefg123 abcdefghi a1b2c3d4 a1b2c3 aa123456 aa12345678
123456a 123456aa 12345a 123abc 1234abcd 123456abc 123qweasd 123qweasdzxc 1234qwer 12qwaszx qweasd qweasdzxc
qweasd123 qwe123 qwe12345 qwe123qwe 123qwe123 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 q1w2e3 1a2b3c4d
11223344 1122334455 112233445566 12341234 123412345 123454321 1234554321 12344321 123123123 123321123
123456654321 12345678910 1234567891 123456789a 123456789q 0987654321 987654321 9876543210 87654321 7654321
00000000 0000000000 11111111 1111111111 22222222 33333333 44444444 55555555 66666666 77777777 88888888
99999999 12121212 13131313 01010101 10101010 69696969 789456123 741852963 147258369 159357 1478963 147852369
123654789 963852741 789456 456789 147258 258456 852456 159951 951753 753951 357159 246810 13579 1357924680
iloveyou1 iloveyou2 iloveu iloveyou! ilovemymom ilovemyself iloveme loveme lovely loveyou lover lovers
princess1 princesa sunshine1 shadow1 monkey1 monkey12 dragon1 dragons master1 master12 football1
baseball1 soccer1 hockey1 basketball tennis golfer golf cricket rugby chelsea1 arsenal arsenal1 liverpool
liverpool1 manchester manutd manchesterunited everton tottenham celtic rangers leeds newcastle westham
aston villa astonvilla juventus barcelona realmadrid ronaldo messi beckham rooney gerrard lampard
superman1 batman1 spiderman ironman starwars1 pokemon naruto legolas gandalf frodo hobbit matrix1
michael1 jennifer1 jessica1 ashley1 charlie1 daniel1 robert1 thomas1 jordan23 jordan1 andrew1 joshua1
welcome welcome1 welcome123 welcome2 hello hello1 hello123 hellohello helloworld hello1234 hi123456
letmein1 letmein123 letmein! trustno1 access14 secret secret1 secret123 private default changeme changeme1
changeme123 administrator admin admin1 admin123 admin1234 admin12345 root root123 toor guest guest123
user user123 test test1 test123 test1234 testing testing123 tester demo demo123 sample temp temp123 temppass
login login123 letmein2 passpass pass1234 pass123 pass12345 mypassword mypass mypass123 newpassword
newpass password2 password3 password7 password8 password9 password01 password11 password99 passwordpassword
password! password1! password@123 password@1 password123! password2020 password2021 password2022
password2023 password2024 password2025 password2026 passw0rd1 p4ssword p4ssw0rd passw0rd! 
summer2020 summer2021 summer2022 summer2023 summer2024 summer2025 summer2026 winter2020 winter2021
winter2022 winter2023 winter2024 winter2025 winter2026 spring2024 spring2025 spring2026 autumn2024 autumn2025
autumn2026 january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday weekend holiday christmas easter halloween
welcome2024 welcome2025 welcome2026 london london1 london123 england england1 scotland wales ireland
dublin belfast cardiff edinburgh glasgow manchester1 birmingham liverpool123 bristol yorkshire cornwall
britain unitedkingdom greatbritain america usa123 canada australia germany france
horse horses horse123 horses123 horse1 horselover ilovehorses ilovemyhorse pony ponies pony123 ponyclub
equestrian equine dressage showjumping showjumper eventing eventer hunter1 jumper saddle bridle stable
stables paddock paddock1 gallop galloping canter trotting stallion mare filly foal thoroughbred arabian
appaloosa palomino mustang1 bronco cowgirl cowboy rodeo racing racehorse derby grandnational cheltenham
ascot aintree badminton burghley redrum seabiscuit secretariat shergar frankel blackbeauty black beauty
spirit spirit1 thunder1 lightning storm stormy midnight shadowfax pegasus unicorn unicorns rainbow rainbow1
buttercup daisy daisy1 bella bella1 molly molly1 lucky lucky1 poppy poppy1 rosie rosie1 bailey max max123
buddy buddy1 coco rocky rocky1 jack jack123 jackjack jasper ruby ruby1 milo oscar teddy teddybear toby
charlie123 sophie sophie1 chloe chloe1 emily emily1 jessica123 lauren hannah amy lucy lucy1 katie olivia
emma emma1 grace alice alice1 ellie megan georgia holly holly1 rebecca sarah sarah1 laura victoria
william william1 james james1 david david1 richard john john123 peter paul mark steven stephen chris
christopher anthony joseph benjamin samuel harry harry1 george1 oliver alexander alex alex123 ben
nicholas jonathan matthew1 edward henry charles charlotte elizabeth margaret catherine
qwertyuiop1 qazwsxedc qazxswedc zaq123 zaqxsw xswzaq mnbvcxz poiuytrewq lkjhgfdsa 0okm9ijn 1qazxsw2
asdzxc zxcasd zxcasdqwe qazwsx123 wsxedc edcrfv rfvtgb tgbyhn yhnujm 1q2w3e4r5 2wsx3edc 3edc4rfv
aaaaaaaa aaaaaaaaaa abcabc abcabc123 abcd abc abc123456 qqqqqqqq zzzzzzzz xxxxxxxx
computer1 internet internet1 windows windows1 microsoft apple apple123 google google123 facebook
facebook1 twitter instagram youtube linkedin yahoo hotmail gmail outlook amazon netflix spotify
samsung iphone android nokia playstation xbox xbox360 nintendo minecraft fortnite roblox
killer1 hunter2 hunter12 ninja ninja1 samurai warrior knight dragon123 phoenix tiger tiger1 lion
eagle falcon wolf wolves bear panther jaguar cheetah dolphin shark penguin monkey123 banana orange
apple1 cherry strawberry chocolate cookie cookies pizza pepper1 cheese1 coffee whiskey vodka beer
blink182 metallica nirvana slipknot eminem 50cent tupac rockstar rockandroll guitar music music1
freedom1 liberty justice peace happy happy1 smile smiley friends friend family family1 forever
forever1 always together angel angel1 angels heaven blessed faith jesus jesus1 god christ trinity
money money1 money123 cash dollar million rich business success winner winner1 champion
mercedes ferrari porsche lamborghini bmw audi toyota honda ford mustang123 corvette camaro jaguar1
yamaha harley1 ducati kawasaki suzuki
qwerty! qwerty@123 qwerty12345 1qaz!qaz !qaz1qaz p@$$w0rd p@$$word pa$$word pa$$w0rd
12345qwert 1234qwerasdf 123456qwerty qwerty654321 qwerty789 asdfg12345 zxcvb12345 qwert
baby baby123 babygirl babyboy sweety sweetie honey honey1 sugar darling kitten kitty cat cats dog dogs
puppy doggie snoopy garfield scooby scoobydoo tweety mickey mickeymouse minnie disney pooh winnie
football12 football123 soccer12 soccer123 baseball12 hockey12 basketball1 volleyball
jordan123 jordan12 lebron kobe kobe24 michaeljordan
123456789101 1234567899 12345678900 1234512345 9999999999 1212121212 5555555555 123789 147852 258369
369258147 321654987 789654123 741258963 963258741 157953 456123 654123 321456 12369874 2580 0852
trustme believe whatever nothing something anything everything somebody nobody myself yourself
asshole fuckyou fuckoff bitch shit damn
iloveyou123 loveyou1 lovelove lovely1 mylove mylove1 myheart sweetheart soulmate
starwars123 jedi skywalker vader yoda chewbacca
charlie2 flower flowers sunflower rose roses lily tulip violet jasmine
blue blue123 red red123 green green123 yellow purple purple1 orange1 black black123 white silver gold golden
diamond diamonds crystal pearl emerald sapphire
school school1 student teacher college university
summer summer1 winter winter1 spring autumn
1234567a 1234567q 12345678a 12345678q 1q1q1q1q a1a1a1a1 a123456789 q123456789 qazwsxedcrfv
`;

const COMMON = new Set(
  LIST.split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
